/**
 * MongoDB click writers (docs/adr/0017): each instance writes only the documents of the slot it
 * leases, so counts are exact on a server without atomic read-modify-write (FerretDB, here); leases
 * are taken by unique inserts; idle slots are compacted, and a compaction cut short is finished
 * without counting twice. Lease times are shortened and run on a manual clock. Series read the
 * month sheets' hours, added up over the slots, where they are complete (docs/adr/0099).
 */
import { describe, expect, it } from 'vitest';
import { bucketStarts } from '../../src/domain/analytics/buckets.js';
import { ManualClock } from '../../src/domain/clock.js';
import type { MongoClicks } from '../../src/storage/clicks/mongo.js';
import { MonthHoursBackfill } from '../../src/storage/clicks/mongo-month-hours-pass.js';
import { SlotLeases } from '../../src/storage/clicks/mongo-slots.js';
import type { ClickGrouping, ClickQuery } from '../../src/storage/clicks/repository.js';
import { HOUR_MS } from '../../src/storage/clicks/repository.js';
import { MongoConnection } from '../../src/storage/mongo/connection.js';
import type { Repositories } from '../../src/storage/repositories.js';
import { asHours, expected, randomVisits, rng } from './_clicks-reference.js';
import { batchOf, hc, hour, type MongoStore, openMongoStore, uid } from './_harness.js';

const TIMES = { renewMs: 100, fenceMs: 1000, takeoverMs: 5000 };

describe('MongoDB click writer slots', () => {
  let opened: MongoStore | undefined;

  const clock = new ManualClock(Date.parse('2026-11-21T12:00:00Z'));
  /** `n` instances on one database; they compact idle slots at every upkeep unless `compact` is false. */
  async function instances(n: number, compact = true): Promise<Repositories[]> {
    const clicks = { leaseTimes: TIMES, compactEveryMs: compact ? 0 : 1e12, backfillRetryMs: 20 };
    opened = await openMongoStore({ clock, clicks });
    const out = [opened.repos];
    for (let i = 1; i < n; i++) out.push(await opened.again());
    return out;
  }
  /** Let time pass in renewal-sized steps; `alive` instances keep their leases (the others stall). */
  async function advance(ms: number, ...alive: Repositories[]): Promise<void> {
    for (let left = ms; left > 0; left -= TIMES.renewMs) {
      clock.advance(Math.min(TIMES.renewMs, left));
      for (const r of alive) await r.clicks.maintain();
    }
  }
  const docs = (coll: string, filter: object = {}) => opened!.db.collection(coll).find(filter).toArray();
  /** The month sheets' collections, one per kind and month (docs/adr/0239). */
  const monthColls = async () =>
    (await opened!.db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).filter((n) => /^click_sheets_(link|domain|tag)_month_/.test(n));
  const w = 'wsp_slots';
  const one = (link: string, clicks = 1, bots = 0) =>
    batchOf([
      hc(link, w, hour(0), [
        [{ country: 'DE' }, clicks],
        [{ bot: true }, bots],
      ]),
    ]);
  /** People's clicks by one recorded value (or link) over a scope. */
  const by = async (r: Repositories, scope: { linkIds?: string[]; from: number; to: number }, g: ClickGrouping) =>
    (await r.clicks.query({ workspaceId: w, ...scope, groups: [g] })).groups[g];
  const series = async (r: Repositories, scope: { from: number; to: number }) =>
    (await r.clicks.query({ workspaceId: w, ...scope, buckets: [scope.from, scope.from + 3_600_000] })).buckets;

  it('counts exactly when two instances record the same link at once, each in its own slot', async () => {
    const [a, b] = await instances(2);
    const link = uid('lnk');
    await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a! : b!).clicks.record(one(link))));
    expect(await a!.clicks.totals(w, [link])).toEqual(new Map([[link, { clicks: 40, bots: 0 }]]));
    expect(await by(b!, { linkIds: [link], from: hour(0), to: hour(1) }, 'country')).toEqual([{ key: 'DE', clicks: 40 }]);
    expect((await docs('click_totals', { l: link })).map((d) => d.s).sort()).toEqual([0, 1]);
  });

  it('hands a released slot to the next instance at once, an expired one only after the takeover time, and fences a stalled holder', async () => {
    const [a, b, c, d] = await instances(4, false);
    const link = uid('lnk');
    await a!.clicks.record(one(link, 1));
    await b!.clicks.record(one(link, 2));
    await a!.clicks.release();
    await c!.clicks.record(one(link, 4)); // takes slot 0, released by a
    const slotsOf = async () => (await docs('click_slots')).map((x) => `${x.s}:${x.t}${x.releasedAt ? 'r' : ''}`).sort();
    expect(await slotsOf()).toEqual(['0:2', '1:1']);
    await advance(TIMES.takeoverMs - 10, c!); // c renews; b (stalled) does not
    await d!.clicks.record(one(link, 8)); // slot 1 is not free yet: slot 2
    await advance(20, c!, d!);
    const e = await opened!.again();
    await e.clicks.record(one(link, 16)); // slot 1 has expired: taken over
    expect(await slotsOf()).toEqual(['0:2', '1:2', '2:1']);
    await b!.clicks.record(one(link, 32)); // fenced: b leaves slot 1 alone and takes a free slot
    expect(await slotsOf()).toEqual(['0:2', '1:2', '2:1', '3:1']);
    expect(await e.clicks.totals(w, [link])).toEqual(new Map([[link, { clicks: 63, bots: 0 }]]));
  });

  it('compacts an idle slot into the live one, reads unchanged', async () => {
    const [a, b] = await instances(2);
    const [l1, l2] = [uid('lnk'), uid('lnk')];
    await a!.clicks.record(
      batchOf([
        hc(l1, w, hour(0), [
          [{ device: 'desktop' }, 3],
          [{ bot: true }, 1],
        ]),
      ]),
    );
    await b!.clicks.record(
      batchOf([
        hc(l1, w, hour(0), [[{ device: 'mobile' }, 2]]),
        hc(l2, w, hour(1), [
          [{ device: 'desktop' }, 5],
          [{ bot: true }, 5],
        ]),
      ]),
    );
    await b!.clicks.release();
    const scope = { from: hour(0), to: hour(2) };
    const before = [await a!.clicks.totals(w, [l1, l2]), await by(a!, scope, 'device'), await series(a!, scope)];
    for (let i = 0; i < 5; i++) await a!.clicks.maintain();
    expect(await docs('click_totals', { s: 1 })).toEqual([]);
    // The idle slot's open hours were closed into its sheets (which stay in slot 1).
    expect(await docs('click_open', { s: 1 })).toEqual([]);
    expect([await a!.clicks.totals(w, [l1, l2]), await by(a!, scope, 'device'), await series(a!, scope)]).toEqual(before);
    expect((await docs('click_totals', { l: l1 })).length).toBe(1);
    // The compacted slot is free again for writing.
    await b!.clicks.record(one(l1, 1));
    expect((await docs('click_totals', { l: l1 })).map((x) => x.s).sort()).toEqual([0, 1]);
  });

  it('finishes a compaction that stopped half-way without counting twice, and keeps writers off its slot meanwhile', async () => {
    const [finisher] = await instances(1);
    const never = { clock, clicks: { leaseTimes: TIMES, compactEveryMs: 1e12 } };
    const [a, b, c] = [await opened!.again(never), await opened!.again(never), await opened!.again(never)];
    const l = uid('lnk');
    await a.clicks.record(batchOf([hc(l, w, hour(0), [[{ os: 'iOS' }, 1]])]));
    await b.clicks.record(batchOf([hc(l, w, hour(0), [[{ os: 'iOS' }, 10]])]));
    await b.clicks.release();
    // As a compactor of slot 1 into slot 0 would have left it when it crashed: the totals document
    // marked and already added to slot 0 (its token recorded there).
    const db = opened!.db;
    const tok = '1:2';
    await db.collection('click_slots').insertOne({ _id: '1:2' as never, s: 1, t: 2, owner: 'crashed', renewedAt: clock.now().getTime(), compact: true });
    await db.collection('click_totals').updateOne({ s: 1, l }, { $set: { m: { t: 0, tok } } });
    await db.collection('click_totals').updateOne({ s: 0, l }, { $inc: { n: 10 }, $set: { 'mg.1': tok } });
    // Once that lease has expired, a new writer still leaves slot 1 alone: only a compaction may take it.
    await advance(TIMES.takeoverMs + 100, a);
    const other = uid('lnk');
    await c.clicks.record(one(other, 1));
    expect((await docs('click_totals', { l: other })).map((x) => x.s)).toEqual([2]);
    expect((await docs('click_slots', { s: 1 })).map((x) => x.t).sort()).toEqual([1, 2]);
    for (let i = 0; i < 5; i++) await finisher!.clicks.maintain();
    expect(await docs('click_totals', { s: 1 })).toEqual([]);
    expect(await docs('click_open', { s: 1 })).toEqual([]);
    expect(await a.clicks.totals(w, [l])).toEqual(new Map([[l, { clicks: 11, bots: 0 }]]));
    const scope = { linkIds: [l], from: hour(0), to: hour(1) };
    expect(await by(a, scope, 'os')).toEqual([{ key: 'iOS', clicks: 11 }]);
    expect((await a.clicks.query({ workspaceId: w, ...scope })).total).toEqual({ clicks: 11, bots: 0 });
  });

  const DAY = 86_400_000;
  /** Visits over 50 days into three month sheets per key, closed; `check()` compares the series reads with them. */
  async function seriesCase(a: Repositories) {
    const ws = uid('wsp');
    const links = [uid('lnk'), uid('lnk'), uid('lnk')];
    const start = Date.parse('2026-09-28T00:00:00Z');
    const visits = randomVisits(rng(11), ws, links, start, 50 * 24, 40);
    await a.clicks.record(batchOf(asHours(visits)));
    await a.clicks.maintain(); // every hour is days old: all closed into sheets
    const qs: ClickQuery[] = [];
    const add = (from: number, to: number, zone: string, interval: 'day' | 'week', more: Partial<ClickQuery> = {}) =>
      qs.push({ workspaceId: ws, from, to, buckets: bucketStarts(from, to, interval, zone), ...more });
    add(start, start + 50 * DAY, 'UTC', 'day');
    add(start + 3 * DAY + 5 * HOUR_MS, start + 45 * DAY + 17 * HOUR_MS + 1, 'Europe/Berlin', 'day');
    add(start, start + 50 * DAY, 'Europe/Berlin', 'week', { linkIds: [links[0]!] });
    add(start + DAY, start + 40 * DAY, 'Europe/Berlin', 'day', { filter: { domain: { in: ['l.example'] } } });
    add(start, start + 50 * DAY, 'UTC', 'day', { excludeLinkIds: [links[1]!], groups: ['domain'] });
    /** Checks every query against the visits; returns the documents the UTC day series read. */
    const check = async (r: Repositories = a) => {
      const read = () => (r.clicks as unknown as { docsRead: number }).docsRead;
      for (const q of qs) expect(await r.clicks.query(q), JSON.stringify(q).slice(0, 200)).toEqual(expected(visits, q));
      const before = read();
      await r.clicks.query(qs[0]!);
      return read() - before;
    };
    /** More visits in the same days (closings add to sheets already there), recorded and closed by `r` a minute later. */
    const more = async (r: Repositories, seed: number) => {
      const late = randomVisits(rng(seed), ws, links.slice(0, 2), start, 50 * 24, 10);
      await r.clicks.record(batchOf(asHours(late)));
      visits.push(...late);
      // Closings run once a minute: a minute passes, `r` keeping its lease.
      for (let t = 0; t <= 60_000; t += 900) {
        clock.advance(900);
        await r.clicks.maintain();
      }
    };
    return { ws, links, visits, check, more };
  }
  /** Forget that the backfill ran. */
  const unmark = () => opened!.db.collection<{ _id: string }>('migrations').deleteMany({ _id: { $regex: '^month-hours' } });
  /** Month sheets as a database from before month sheets counted hours has them (and no backfill marks). */
  async function asBeforeHours(): Promise<void> {
    const db = opened!.db;
    for (const name of await monthColls()) await db.collection(name).updateMany({}, { $unset: { hc: '', hb: '' } });
    await unmark();
  }
  const backfill = (r: Repositories) => (r.clicks as MongoClicks).monthHoursBackfill;

  it('reads a series off the month sheets where their hours are complete, else off the day sheets, with the same answers', async () => {
    const [a] = await instances(1);
    const { ws, links, visits, check, more } = await seriesCase(a!);
    // 50 days: three month sheets per domain, where the day sheets are one per domain and day with clicks.
    expect(await check()).toBeLessThanOrEqual(6);
    // A deleted link's share leaves the hours complete (subtracted in this slot from its day sheets).
    await a!.clicks.forget(ws, links[2]!);
    visits.splice(0, visits.length, ...visits.filter((v) => v.linkId !== links[2]));
    expect(await check()).toBeLessThanOrEqual(6);
    // Month sheets written before they counted hours: their days are read instead, answers unchanged.
    await asBeforeHours();
    expect(await check()).toBeGreaterThan(20);
    // Counted partly (hours closed since): still incomplete, still read day by day.
    await more(a!, 5);
    expect(await check()).toBeGreaterThan(20);
  }, 120_000);

  it('fills the hours of month sheets written before they counted them, resumably, without counting twice', async () => {
    const [a] = await instances(1, false);
    const { check, more } = await seriesCase(a!);
    await asBeforeHours();
    await more(a!, 5); // the current month too was partly written before the upgrade
    // Cut short after two month sheets (as by a crash): answers unchanged meanwhile.
    expect(await backfill(a!).pass(2)).toMatchObject({ done: false, filled: 2, left: 0, waiting: [0] });
    await check();
    // Another instance starts: it leaves the slot of a live instance alone...
    const b = await opened!.again();
    await b.clicks.maintain(); // takes its own writer slot (1)
    expect(await backfill(b).pass()).toMatchObject({ done: false, filled: 0, waiting: [0] });
    // ...and once that instance has died and its slot expired, fills the rest under a lease of its own.
    await advance(TIMES.takeoverMs + TIMES.renewMs, b);
    await backfill(b).finished;
    expect(backfill(b).last).toMatchObject({ done: true, left: 0 });
    expect(backfill(b).last!.filled).toBeGreaterThan(0);
    expect(await check(b)).toBeLessThanOrEqual(6);
    // Done again from scratch, nothing changes: hours are set from the days, never added.
    const months = async () => {
      const all = [];
      for (const name of await monthColls()) all.push(...(await docs(name)));
      return all.map((d) => [d._id, d.hc, d.hb, d.tot, d.bots]);
    };
    const after = await months();
    await unmark();
    expect(await backfill(b).pass()).toEqual({ done: true, filled: 0, left: 0, waiting: [] });
    expect(await months()).toEqual(after);
    // Closings after it add to the hours as to the totals: still complete (month sheets of two slots now).
    await more(b, 7);
    expect(await check(b)).toBeLessThanOrEqual(12);
  }, 120_000);

  it('stops the backfill at once when asked during a pass, without waiting out the retry', async () => {
    const [a] = await instances(1, false);
    await seriesCase(a!);
    await asBeforeHours();
    const conn = new MongoConnection(opened!.mongo!.uri, { dbName: opened!.mongo!.dbName });
    try {
      // No writer slot of its own: the pass leaves slot 0 waiting, and the next would come in an hour.
      const later = new MonthHoursBackfill(conn, new SlotLeases(conn, clock, 64, TIMES), () => null, 3_600_000);
      later.start();
      await later.stop(); // asked while the first pass reads; a stop that slept through the retry would time the test out
      expect(later.last).toMatchObject({ done: false, filled: 0, waiting: [0] });
    } finally {
      await conn.close();
    }
  }, 120_000);
});
