/** The clicks repository: counts by combination, sheets, totals, events, forgetting; on both stores, against a visit-by-visit reference. */
import { afterEach, describe, expect, it } from 'vitest';
import { bucketStarts } from '../../src/domain/analytics/buckets.js';
import { ManualClock } from '../../src/domain/clock.js';
import type { ClickQuery } from '../../src/storage/clicks/repository.js';
import { HOUR_MS } from '../../src/storage/clicks/repository.js';
import { ALL_GROUPS, asHours, expected, randomVisits, rng } from './_clicks-reference.js';
import { batchOf, hc, hour, type OpenedStore, openStore, STORE_KINDS, uid } from './_harness.js';

const DAY = 86_400_000;

describe.each(STORE_KINDS)('clicks store on %s', (kind) => {
  let opened: OpenedStore | undefined;
  afterEach(async () => {
    await opened?.dispose();
    opened = undefined;
  });
  // Hours from 2026-09-28 on: across a month boundary, whole months, whole days and partial ones.
  const start = Date.parse('2026-09-28T00:00:00Z');
  const clock = new ManualClock(start + 70 * DAY);
  const open = async () => {
    clock.set(start + 70 * DAY);
    opened = await openStore(kind, { clock });
    return opened.repos.clicks;
  };

  it('answers every filter, grouping and bucketing exactly like the visits say, before and after the hours close', async () => {
    const clicks = await open();
    const ws = uid('wsp');
    const other = uid('wsp');
    const links = [uid('lnk'), uid('lnk'), uid('lnk')];
    const r = rng(42);
    // FerretDB applies each update on its own (tens of ms each): fewer visits there, the same shapes.
    const n = kind === 'sqlite' ? 900 : 40;
    const visits = [...randomVisits(r, ws, links, start, 66 * 24, n), ...randomVisits(r, other, [uid('lnk')], start, 66 * 24, n / 10)];
    const hours = asHours(visits);
    await clicks.record(batchOf(hours.slice(0, 50)));
    await clicks.record(batchOf(hours.slice(50)));
    const windows: [number, number][] = [
      [start, start + 66 * DAY],
      [start + 3 * DAY + 5 * HOUR_MS, start + 40 * DAY + 17 * HOUR_MS + 1],
      // Ends inside a UTC day and month with nothing closed after it (both read whole).
      [start + 5 * DAY, start + 66 * DAY + 5 * HOUR_MS],
    ];
    const queries: ClickQuery[] = [];
    for (const [from, to] of windows) {
      const base = { workspaceId: ws, from, to };
      queries.push({ ...base, groups: [...ALL_GROUPS] });
      queries.push({ ...base, filter: { country: { in: ['DE'] } }, groups: ['device', 'link', 'city'] });
      queries.push({ ...base, filter: { country: { not_in: ['DE'] }, device: { in: ['mobile', 'tablet'] } }, groups: ['referrer', 'referrer_url', 'domain'] });
      queries.push({ ...base, filter: { referrer: { in: ['(direct)'] } }, groups: ['trigger', 'language'] });
      queries.push({ ...base, filter: { domain: { in: ['l.example'] } }, groups: ['domain', 'link'] });
      queries.push({ ...base, filter: { domain: { not_in: ['l.example'] } }, groups: ['domain'] });
      queries.push({ ...base, linkIds: [links[0]!, links[2]!], groups: ['link', 'variant'] });
      queries.push({ ...base, linkIds: [links[1]!], filter: { utm_campaign: { in: ['spring'] } }, groups: ['country'] });
      // Links left out: the workspace minus their own counts.
      queries.push({ ...base, excludeLinkIds: [links[1]!], groups: ['country', 'link'] });
      queries.push({ ...base, excludeLinkIds: [links[0]!, links[2]!], filter: { country: { in: ['DE'] } }, groups: ['link'] });
      queries.push({ ...base, excludeLinkIds: [links[2]!], filter: { domain: { in: ['l.example'] } }, groups: ['device'] });
      queries.push({ ...base, linkIds: [links[0]!, links[1]!], excludeLinkIds: [links[1]!], groups: ['referrer'] });
      // Clicks by link under a filter, no breakdown by field: SQLite sums the counted combinations (docs/adr/0102).
      queries.push({ ...base, filter: { country: { in: ['DE', 'FR'] }, device: { not_in: ['mobile'] } }, groups: ['link'] });
      queries.push({ ...base, filter: { country: { not_in: ['DE'] } }, groups: ['link'], buckets: bucketStarts(from, to, 'day', 'Europe/Berlin') });
      const series: [string, 'day' | 'week' | 'month'][] = [
        ['UTC', 'day'],
        ['UTC', 'month'],
        ['Europe/Berlin', 'day'],
        ['Europe/Berlin', 'week'],
        ['Asia/Kolkata', 'month'],
      ];
      for (const [zone, interval] of series) {
        const buckets = bucketStarts(from, to, interval, zone);
        queries.push({ ...base, buckets });
        queries.push({ ...base, buckets, filter: { trigger: { in: ['qr'] } } });
        queries.push({ ...base, buckets, linkIds: [links[0]!] });
        queries.push({ ...base, buckets, excludeLinkIds: [links[0]!] });
      }
      queries.push({ ...base, buckets: bucketStarts(from, Math.min(to, from + 20 * DAY), 'hour', 'UTC'), to: Math.min(to, from + 20 * DAY) });
    }
    // On FerretDB every third query (each is many reads there); all of them on SQLite.
    const check = async () => {
      for (const q of kind === 'sqlite' ? queries : queries.filter((_, i) => i % 3 === 0))
        expect(await clicks.query(q), JSON.stringify(q).slice(0, 300)).toEqual(expected(visits, q));
    };
    await check();
    await clicks.maintain(); // closes every hour (the clock is days past them)
    await check();
    // Late counts for closed hours add up too (into open rows first, then into the same sheets).
    const late = randomVisits(rng(7), ws, links, start, 66 * 24, n / 20);
    await clicks.record(batchOf(asHours(late)));
    visits.push(...late);
    await check();
    clock.advance(2 * 60_000);
    await clicks.maintain();
    await check();
    const totals = await clicks.totals(ws, [...links, uid('lnk')]);
    for (const l of links) {
      const mine = visits.filter((v) => v.linkId === l);
      expect(totals.get(l)).toEqual({
        clicks: mine.filter((v) => !v.values.bot).reduce((s, v) => s + v.n, 0),
        bots: mine.filter((v) => v.values.bot).reduce((s, v) => s + v.n, 0),
      });
    }
    expect(totals.size).toBe(links.length);
  }, 240_000);

  it('never counts one batch twice when it is recorded again (a retry after an unknown outcome)', async () => {
    const clicks = await open();
    const w = uid('wsp');
    const l = uid('lnk');
    const b = batchOf(
      [
        hc(l, w, hour(0), [
          [{ country: 'DE' }, 2],
          [{ bot: true }, 1],
        ]),
      ],
      true,
    );
    await clicks.record(b);
    await clicks.record(b);
    await clicks.record(batchOf([hc(l, w, hour(0), [[{ country: 'DE' }, 1]])], true));
    expect(await clicks.totals(w, [l])).toEqual(new Map([[l, { clicks: 3, bots: 1 }]]));
    const a = await clicks.query({ workspaceId: w, from: hour(-10), to: hour(10), groups: ['country'] });
    expect(a.groups.country).toEqual([{ key: 'DE', clicks: 3 }]);
    expect((await clicks.events({ workspaceId: w, from: hour(-10), to: hour(10), limit: 100 })).events).toHaveLength(3);
  });

  it('writes a batch larger than one write step (chunks, slices) exactly once, also when it is recorded again', async () => {
    const clicks = await open();
    const w = uid('wsp');
    // SQLite writes 4,000 link-hours per transaction; MongoDB prepares 200 per turn of the event loop (and FerretDB is slow per update).
    const n = kind === 'sqlite' ? 9_000 : 210;
    const links = Array.from({ length: n }, () => uid('lnk'));
    const b = batchOf(
      links.map((l, i) => hc(l, w, hour(0), [[{ country: i % 2 ? 'DE' : 'FR', device: 'mobile' }, 1 + (i % 2)]])),
      true,
    );
    await clicks.record(b);
    await clicks.record(b);
    const totals = await clicks.totals(w, links);
    expect(totals).toEqual(new Map(links.map((l, i) => [l, { clicks: 1 + (i % 2), bots: 0 }])));
    const a = await clicks.query({ workspaceId: w, from: hour(-10), to: hour(10), groups: ['country'] });
    expect(a.groups.country).toEqual([
      { key: 'DE', clicks: n },
      { key: 'FR', clicks: n / 2 },
    ]);
  }, 240_000);

  it("keeps a busy hour's events in several documents and writes, and pages them all newest first, also when a batch is recorded again", async () => {
    const clicks = await open();
    const w = uid('wsp');
    const l = uid('lnk');
    // More events in one hour than one MongoDB event document holds (1,000) or one bulk write carries (4 documents).
    const first = batchOf([hc(l, w, hour(0), [[{ country: 'DE' }, 5_500]])], true);
    const second = batchOf([hc(l, w, hour(0), [[{ country: 'FR' }, 700]])], true);
    await clicks.record(first);
    await clicks.record(second);
    await clicks.record(first);
    const seen: { at: number; country: string | null }[] = [];
    let after: string | null = null;
    do {
      const page = await clicks.events({ workspaceId: w, from: hour(0), to: hour(1), limit: 1_000, after });
      seen.push(...page.events.map((e) => ({ at: e.at, country: e.values.country })));
      after = page.next;
    } while (after);
    const want = [...first.events.map((e) => ({ at: e.at, country: 'DE' })), ...second.events.map((e) => ({ at: e.at, country: 'FR' }))];
    expect(seen.map((e) => e.at)).toEqual([...seen.map((e) => e.at)].sort((a, b) => b - a));
    const byKey = (a: { at: number; country: string | null }, b: { at: number; country: string | null }) =>
      a.at - b.at || String(a.country).localeCompare(String(b.country));
    expect(seen.sort(byKey)).toEqual(want.sort(byKey));
  }, 240_000);

  it('interns each combination once when writers record it at the same time, and adds their counts up exactly', async () => {
    const clicks = await open();
    // On MongoDB a second instance on the same database (its own writer slot); SQLite has one writer.
    const other = kind === 'mongodb' ? (await opened!.again({ clock })).clicks : clicks;
    const w = uid('wsp');
    const [l1, l2] = [uid('lnk'), uid('lnk')];
    const fresh = [{ country: 'DE', city: 'Berlin' }, { country: 'DE', city: 'Bonn' }, { referrer: 'new.example', device: 'tablet' }, { bot: true }];
    const batch = (l: string) =>
      batchOf(
        [
          hc(
            l,
            w,
            hour(0),
            fresh.map((v) => [v, 1] as [typeof v, number]),
          ),
          hc(l, w, hour(1), [[fresh[0]!, 2]]),
        ],
        true,
      );
    await Promise.all([clicks.record(batch(l1)), other.record(batch(l2)), clicks.record(batch(l2)), other.record(batch(l1))]);
    const read = async (r = clicks) => r.query({ workspaceId: w, from: hour(0), to: hour(2), groups: ['city', 'link'], buckets: [hour(0), hour(1)] });
    const want = {
      total: { clicks: 20, bots: 4 },
      buckets: [12, 8],
      groups: {
        city: [
          { key: 'Berlin', clicks: 12 },
          { key: 'Bonn', clicks: 4 },
        ],
        link: [l1, l2].sort().map((key) => ({ key, clicks: 10 })),
      },
    };
    expect(await read()).toEqual(want);
    expect(await read(other)).toEqual(want);
    expect((await clicks.events({ workspaceId: w, from: hour(0), to: hour(2), limit: 100 })).events).toHaveLength(20);
    if (opened!.mongo) {
      const { MongoClient } = await import('mongodb');
      const c = new MongoClient(opened!.mongo.uri);
      try {
        expect(await c.db(opened!.mongo.dbName).collection('click_combos').countDocuments({ w })).toBe(fresh.length);
      } finally {
        await c.close();
      }
    }
    clock.advance(DAY);
    await clicks.maintain();
    await other.maintain();
    expect(await read()).toEqual(want);
  }, 120_000);

  it('keeps workspaces apart: another workspace sees nothing, even naming the link', async () => {
    const clicks = await open();
    const [w1, w2] = [uid('wsp'), uid('wsp')];
    const l = uid('lnk');
    await clicks.record(
      batchOf(
        [
          hc(l, w1, hour(0), [
            [{ country: 'DE' }, 2],
            [{ bot: true }, 1],
          ]),
        ],
        true,
      ),
    );
    for (let round = 0; round < 2; round++) {
      const q = { workspaceId: w2, from: hour(-100), to: hour(100) };
      expect((await clicks.query({ ...q, linkIds: [l], groups: ['country'] })).total).toEqual({ clicks: 0, bots: 0 });
      expect(await clicks.query({ ...q, groups: ['link', 'country'] })).toEqual({ total: { clicks: 0, bots: 0 }, groups: { link: [], country: [] } });
      expect((await clicks.events({ ...q, limit: 10 })).events).toEqual([]);
      expect((await clicks.events({ ...q, linkIds: [l], limit: 10 })).events).toEqual([]);
      clock.advance(DAY);
      await clicks.maintain();
    }
  });
});
