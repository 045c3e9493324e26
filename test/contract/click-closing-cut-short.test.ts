/**
 * A closing cut short, then a write into its hours (docs/adr/0231, "A closing cut short"). On
 * MongoDB a closing folds its slot's open documents into the sheets collection by collection, each
 * sheet guarded by the closing's mark; if its holder stops after some collections (a crash, a lost
 * lease), the slot's next holder may flush visits of hours before the mark (a backlog, a slow
 * flush) before its upkeep resumes the closing, which would then skip them in the sheets already
 * folded and delete them. The new holder finishes the closing before its first write, so every read
 * equals the visits. On SQLite a closing's steps are transactions and its open rows carry no mark:
 * a closing stopped after its first step, then the next start's writes and upkeep, answer the same.
 * On MongoDB B's upkeep then closes again into the sheets A wrote (on FerretDB 1.24 that bulk write
 * once never answered: docs/adr/0231, "A closing that never answered"), and every read still equals.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bucketStarts } from '../../src/domain/analytics/buckets.js';
import { ManualClock } from '../../src/domain/clock.js';
import type { ClickQuery } from '../../src/storage/clicks/repository.js';
import { clickWriter } from '../../src/storage/clicks/sqlite-writes.js';
import { openRepositories } from '../../src/storage/open.js';
import type { Repositories } from '../../src/storage/repositories.js';
import { SqliteConnection } from '../../src/storage/sqlite/connection.js';
import { ALL_GROUPS, asHours, expected, fourTaggedLinks, randomVisits, rng, type SeededClicks } from './_clicks-reference.js';
import { batchOf, openMongoStore } from './_harness.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const start = Date.parse('2026-09-01T00:00:00Z');
/** The clock of the closing cut short: it closes every hour before start + 56 days - 1 hour. */
const now = start + 56 * DAY + 30 * 60_000;
/** Past the default lease's takeover time (120 s): another instance may take the slot. */
const PAST_LEASE = 3 * 60_000;

type Seeded = SeededClicks;

/** Totals, breakdowns (workspace, domain, tag, links left out), by link and series, over whole and partial months. */
function queries(s: Seeded): (ClickQuery & { tag?: string })[] {
  const [from, to] = [start, start + 57 * DAY];
  const base = { workspaceId: s.ws, from, to };
  return [
    { ...base, groups: [...ALL_GROUPS] },
    { ...base, groups: ['link'] },
    { ...base, filter: { domain: { in: ['l.example'] } }, groups: ['device', 'link'], buckets: bucketStarts(from, to, 'day', 'Europe/Berlin') },
    { ...base, linkIds: s.launch, tag: 'launch', groups: ['country', 'link'] },
    { ...base, excludeLinkIds: [s.links[2]!], groups: ['browser'] },
    { ...base, linkIds: [s.links[0]!], groups: ['referrer'], buckets: bucketStarts(from, to, 'day', 'UTC') },
    { ...base, from: start + 30 * DAY, to: start + 31 * DAY, buckets: bucketStarts(start + 30 * DAY, start + 31 * DAY, 'hour', 'UTC') },
  ];
}

async function check(repos: Repositories, s: Seeded, label: string): Promise<void> {
  for (const q of queries(s)) {
    const { tag: _t, ...plain } = q;
    expect(await repos.clicks.query(q), `${label}: ${JSON.stringify(q).slice(0, 160)}`).toEqual(expected(s.visits, plain));
  }
  const totals = new Map<string, { clicks: number; bots: number }>();
  for (const v of s.visits) {
    const t = totals.get(v.linkId) ?? { clicks: 0, bots: 0 };
    if (v.values.bot) t.bots += v.n;
    else t.clicks += v.n;
    totals.set(v.linkId, t);
  }
  expect(await repos.clicks.totals(s.ws, s.links), `${label}: link totals`).toEqual(totals);
}

/** A workspace with tagged links and visits over 55 days (all in hours the closing takes). */
async function seed(repos: Repositories): Promise<Seeded> {
  const { ws, links } = await fourTaggedLinks(repos);
  const visits = randomVisits(rng(21), ws, links, start, 55 * 24, 400);
  await repos.clicks.record(batchOf(asHours(visits)));
  return { ws, links, launch: await repos.links.ids(ws, { tag: 'launch' }), visits };
}

describe('a closing cut short on MongoDB', () => {
  it("is finished by the slot's next holder before it writes into the closing's hours", async () => {
    const clock = new ManualClock(now);
    let cut = true;
    const stopAfterFirstFold = async (step: string) => {
      if (cut && step.startsWith('folded into')) {
        cut = false;
        throw new Error(`closing cut short after ${step}`);
      }
    };
    const opened = await openMongoStore({ clock, clicks: { closingSteps: stopAfterFirstFold } });
    const a = opened.repos;
    const s = await seed(a);
    await expect(a.clicks.maintain()).rejects.toThrow(/closing cut short after folded into/);
    const closes = opened.db.collection<{ _id: number; closing?: number }>('click_closes');
    const mark = now - (now % HOUR) - HOUR;
    expect((await closes.findOne({ _id: 0 }))?.closing).toBe(mark);

    // A stops (its lease runs out); B takes slot 0 and flushes a backlog of visits in hours before the mark.
    clock.advance(PAST_LEASE);
    const steps: string[] = [];
    const b = await opened.again({ clock, clicks: { closingSteps: async (step) => void steps.push(step) } });
    const late = randomVisits(rng(22), s.ws, s.links, start, 55 * 24, 200);
    await b.clicks.record(batchOf(asHours(late)));
    // B holds slot 0 at its second term.
    const terms = await opened.db.collection<{ s: number; t: number }>('click_slots').find({ s: 0 }).toArray();
    expect(Math.max(...terms.map((d) => d.t))).toBe(2);
    const visits = { ...s, visits: [...s.visits, ...late] };
    // B finished the closing (resumed with its mark, not recorded afresh) before it wrote.
    expect((await closes.findOne({ _id: 0 }))?.closing).toBeUndefined();
    expect(steps[0]).toBe('marked');
    expect(steps.at(-1)).toBe('finished');
    await check(b, visits, 'after the backlog');
    await check(a, visits, "A's reads");
    // B's upkeep closes the hours again (its mark just past the last one), folding into the sheets A wrote.
    steps.length = 0;
    await b.clicks.maintain();
    expect([steps[0], steps.at(-1)]).toEqual(['recorded', 'finished']);
    await check(b, visits, "after B's upkeep");
    await check(a, visits, "A's reads after B's upkeep");
  }, 300_000);
});

describe('a closing cut short on SQLite', () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('is finished by the next start after it wrote into the closing hours', async () => {
    const clock = new ManualClock(now);
    const dir = mkdtempSync(join(tmpdir(), 'lsk-cut-short-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'lsk.db');
    const a = await openRepositories(`file:${file}`, { clock });
    await a.init();
    const s = await seed(a);
    // A closing stopped after its first transaction (the process ends there).
    const conn = new SqliteConnection(file);
    const closing = clickWriter(conn, { foldBudget: 1 }).closeSteps(clock.now().getTime());
    expect(closing.next().value).toBeGreaterThan(0);
    conn.close();

    clock.advance(PAST_LEASE);
    const b = await openRepositories(`file:${file}`, { clock });
    cleanups.push(() => b.close());
    await b.init();
    const late = randomVisits(rng(22), s.ws, s.links, start, 55 * 24, 200);
    await b.clicks.record(batchOf(asHours(late)));
    const visits = { ...s, visits: [...s.visits, ...late] };
    await check(b, visits, 'after the backlog');
    await b.clicks.maintain();
    await check(b, visits, 'after the upkeep');
  });
});
