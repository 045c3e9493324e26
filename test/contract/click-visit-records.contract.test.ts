/** Visit records (docs/adr/0196): the store counts them into link-hours itself; on both stores, against the visit-by-visit reference. */
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/domain/clock.js';
import type { ClickQuery, VisitRecords } from '../../src/storage/clicks/repository.js';
import { HOUR_MS } from '../../src/storage/clicks/repository.js';
import { ALL_GROUPS, asHours, expected, type Recorded, randomVisits, rng } from './_clicks-reference.js';
import { batchOf, keyOf, type OpenedStore, openStore, STORE_KINDS, uid } from './_harness.js';

const DAY = 86_400_000;

/** Each recorded visit `n` times as records, one ms apart within its hour; people's are events unless `events` is false. */
function recordsOf(visits: readonly Recorded[], events = true): VisitRecords {
  const out = { at: [] as number[], linkIds: [] as string[], workspaceIds: [] as string[], keys: [] as string[], events: [] as number[] };
  for (const v of visits) {
    for (let i = 0; i < v.n; i++) {
      out.at.push(v.hour + i);
      out.linkIds.push(v.linkId);
      out.workspaceIds.push(v.workspaceId);
      out.keys.push(keyOf(v.values));
      out.events.push(events && !v.values.bot ? 1 : 0);
    }
  }
  return out;
}

const humans = (vs: readonly Recorded[]) => vs.filter((v) => !v.values.bot).reduce((s, v) => s + v.n, 0);

describe.each(STORE_KINDS)('visit records on %s', (kind) => {
  let opened: OpenedStore | undefined;
  afterEach(async () => {
    await opened?.dispose();
    opened = undefined;
  });
  const start = Date.parse('2026-09-28T00:00:00Z');
  const clock = new ManualClock(start + 10 * DAY);
  const open = async () => {
    clock.set(start + 10 * DAY);
    opened = await openStore(kind, { clock });
    return opened.repos.clicks;
  };

  it('counts records into the same answers, totals and events as the visits say, beside counted link-hours in one batch', async () => {
    const clicks = await open();
    const ws = uid('wsp');
    // The last id is longer than the SQLite writer's remembered rows hold (and not ASCII): its rows are merged in SQL each time.
    const links = [uid('lnk'), uid('lnk'), `${uid('lnk')}-imported-from-an-older-système`];
    const n = kind === 'sqlite' ? 600 : 40;
    const asRecords = randomVisits(rng(3), ws, links, start, 8 * 24, n);
    const counted = randomVisits(rng(4), ws, links, start, 8 * 24, n / 4);
    // One batch of records only; one of records with link-hours counted already (the recorder past its bound).
    await clicks.record({ hours: [], events: [], visits: recordsOf(asRecords.slice(0, n / 2)) });
    await clicks.record({ ...batchOf(asHours(counted), true), visits: recordsOf(asRecords.slice(n / 2)) });
    const all = [...asRecords, ...counted];
    const base = { workspaceId: ws, from: start, to: start + 8 * DAY };
    const queries: ClickQuery[] = [
      { ...base, groups: [...ALL_GROUPS] },
      { ...base, filter: { country: { in: ['DE'] } }, groups: ['device', 'link'] },
      { ...base, linkIds: [links[1]!], groups: ['referrer', 'variant'] },
      { ...base, from: start + DAY + 5 * HOUR_MS, to: start + 4 * DAY },
    ];
    for (const q of queries) expect(await clicks.query(q)).toEqual(expected(all, q));
    const totals = await clicks.totals(ws, links);
    for (const l of links) {
      const mine = all.filter((v) => v.linkId === l);
      expect(totals.get(l)).toEqual({ clicks: humans(mine), bots: mine.reduce((s, v) => s + v.n, 0) - humans(mine) });
    }
    const page = await clicks.events({ ...base, limit: 10_000 });
    expect(page.events).toHaveLength(humans(all));
    await clicks.maintain(); // closes the hours
    for (const q of queries) expect(await clicks.query(q)).toEqual(expected(all, q));
  }, 120_000);

  it('never counts a batch of records twice when it is recorded again, and writes no event for a record that is not one', async () => {
    const clicks = await open();
    const ws = uid('wsp');
    const l = uid('lnk');
    const visits = randomVisits(rng(5), ws, [l], start, 3, 12);
    const b = { hours: [], events: [], visits: recordsOf(visits, false) };
    await clicks.record(b);
    await clicks.record(b);
    const all = visits.reduce((s, v) => s + v.n, 0);
    expect(await clicks.totals(ws, [l])).toEqual(new Map([[l, { clicks: humans(visits), bots: all - humans(visits) }]]));
    expect((await clicks.events({ workspaceId: ws, from: start, to: start + DAY, limit: 100 })).events).toEqual([]);
  });
});
