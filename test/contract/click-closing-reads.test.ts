/**
 * Reads while hours are being closed (docs/adr/0231). On MongoDB a closing records itself, marks its
 * open documents, folds them into the sheets collection by collection and deletes them: a read after
 * every one of those steps, and reads left running across the following steps, must answer exactly
 * as the visits say, totals and breakdowns alike (neither leaving the hours being closed out nor
 * counting them twice). Among them are late hours (open documents of hours the slot closed before)
 * and a window whose end the read may stretch to the month's (nothing closed past it until the fold).
 * SQLite, whose closing steps are transactions, answers the same before and after.
 */
import { describe, expect, it } from 'vitest';
import { bucketStarts } from '../../src/domain/analytics/buckets.js';
import { ManualClock } from '../../src/domain/clock.js';
import type { ClickQuery } from '../../src/storage/clicks/repository.js';
import type { Repositories } from '../../src/storage/repositories.js';
import { ALL_GROUPS, asHours, expected, fourTaggedLinks, randomVisits, rng, type SeededClicks } from './_clicks-reference.js';
import { batchOf, openStore, STORE_KINDS } from './_harness.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const start = Date.parse('2026-09-28T00:00:00Z');
/** The first closing's clock: every hour before start + 20 days - 1 hour is closed then. */
const first = start + 20 * DAY + 30 * 60_000;

type Seeded = SeededClicks;

function queries(s: Seeded): (ClickQuery & { tag?: string })[] {
  const [from, to] = [start, start + 21 * DAY];
  const base = { workspaceId: s.ws, from, to };
  return [
    { ...base, groups: [...ALL_GROUPS] },
    { ...base, filter: { country: { in: ['DE'] } }, groups: ['device', 'link'] },
    { ...base, filter: { domain: { in: ['l.example'] } }, buckets: bucketStarts(from, to, 'day', 'Europe/Berlin') },
    { ...base, buckets: bucketStarts(from, to, 'day', 'UTC') },
    { ...base, linkIds: s.launch, tag: 'launch', groups: ['country', 'link'] },
    { ...base, excludeLinkIds: [s.links[2]!], groups: ['browser', 'link'] },
    { ...base, linkIds: [s.links[0]!], groups: ['referrer'], buckets: bucketStarts(from, to, 'hour', 'UTC') },
    // Ends before the hours being closed: with nothing closed past its end, the rest of the month is read whole.
    { ...base, to: start + 20 * DAY - 6 * HOUR, groups: ['country'] },
  ];
}

/** Every query against the visits, one after another. */
async function check(repos: Repositories, s: Seeded, label: string): Promise<void> {
  for (const q of queries(s)) {
    const { tag: _t, ...plain } = q;
    expect(await repos.clicks.query(q), `${label}: ${JSON.stringify(q).slice(0, 160)}`).toEqual(expected(s.visits, plain));
  }
}

/** Every query at once, their answers checked when all are in (they run on while the closing goes on). */
function checkAcross(repos: Repositories, s: Seeded, label: string): Promise<void> {
  return Promise.all(
    queries(s).map(async (q) => {
      const { tag: _t, ...plain } = q;
      expect(await repos.clicks.query(q), `${label} (left running): ${JSON.stringify(q).slice(0, 160)}`).toEqual(expected(s.visits, plain));
    }),
  ).then(() => undefined);
}

describe.each(STORE_KINDS)('reads during a closing on %s', (kind) => {
  it('answer exactly after every step of the closing and across its steps', async () => {
    const clock = new ManualClock(first);
    const steps: string[] = [];
    const running: Promise<void>[] = [];
    let seeded: Seeded | null = null;
    let repos: Repositories | null = null;
    const closingSteps = async (step: string) => {
      if (!seeded || !repos) return; // the first closing, of the seed
      steps.push(step);
      running.push(checkAcross(repos, seeded, `after ${step}`));
      await check(repos, seeded, `after ${step}`);
    };
    const store = await openStore(kind, { clock, clicks: { closingSteps } });
    try {
      repos = store.repos;
      const { ws, links } = await fourTaggedLinks(repos);
      const closed = randomVisits(rng(11), ws, links, start, 19 * 24, 300);
      await repos.clicks.record(batchOf(asHours(closed)));
      await repos.clicks.maintain();
      // Three hours on: hours from before the first closing (late), hours to close now, hours left open.
      clock.set(first + 3 * HOUR);
      const recent = randomVisits(rng(12), ws, links, start + 20 * DAY - 4 * HOUR, 8, 240);
      await repos.clicks.record(batchOf(asHours(recent)));
      seeded = { ws, links, launch: await repos.links.ids(ws, { tag: 'launch' }), visits: [...closed, ...recent] };
      await check(repos, seeded, 'before the closing');
      await repos.clicks.maintain();
      await Promise.all(running);
      await check(repos, seeded, 'after the closing');
      if (kind === 'mongodb') {
        expect(steps.slice(0, 2)).toEqual(['recorded', 'marked']);
        expect(steps.filter((x) => x.startsWith('folded into')).length).toBeGreaterThanOrEqual(4);
        expect(steps.slice(-2)).toEqual(['deleted', 'finished']);
      } else expect(steps).toEqual([]);
    } finally {
      await store.dispose();
    }
  }, 240_000);
});
