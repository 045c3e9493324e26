/**
 * Sheets in one collection per kind and grain on MongoDB (docs/adr/0188), day sheets in one per kind
 * and month (docs/adr/0239): a store written by an earlier layout (every sheet in `click_sheets`, or
 * the day sheets of each kind in `click_sheets_<kind>_day`) answers the same after its first start,
 * with two instances starting at once over a move cut short, and a later start changes nothing;
 * deletions clear every collection.
 */
import type { Db, Document } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { bucketStarts } from '../../src/domain/analytics/buckets.js';
import { ManualClock } from '../../src/domain/clock.js';
import { sheetCollName, UNSPLIT_COLLS } from '../../src/storage/clicks/mongo-sheet-colls.js';
import { MONTH_SPLIT_MARK, MONTH_SPLIT_SLOT, SPLIT_MARK, SPLIT_SLOT } from '../../src/storage/clicks/mongo-sheet-split.js';
import { LEASE_TIMES } from '../../src/storage/clicks/mongo-slots.js';
import type { ClickQuery } from '../../src/storage/clicks/repository.js';
import type { Repositories } from '../../src/storage/repositories.js';
import { asHours, expected, type Recorded, randomVisits, rng } from './_clicks-reference.js';
import { batchOf, newLink, openMongoStore, workspace } from './_harness.js';

const DAY = 86_400_000;
const SHEETS = /^click_sheets_(link|domain|tag)_(day|month)_\d{6}$/;
/** Where an earlier layout kept a sheet, its move's mark and slot. */
const LAYOUTS = [
  { layout: 'one collection', oldName: (_d: Document) => 'click_sheets', mark: SPLIT_MARK, slot: SPLIT_SLOT },
  {
    layout: 'a collection per kind and grain',
    oldName: (d: Document) => `click_sheets_${d.k}_${d.g}`,
    mark: MONTH_SPLIT_MARK,
    slot: MONTH_SPLIT_SLOT,
  },
];

async function sheetNames(db: Db): Promise<string[]> {
  return (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).filter((n) => SHEETS.test(n));
}

describe('sheets by kind and grain on MongoDB', () => {
  const start = Date.parse('2026-09-28T00:00:00Z');
  const clock = new ManualClock(start + 70 * DAY);

  /** Breakdowns and series of the workspace, a link, a domain and a tag, checked against the visits. */
  async function check(r: Repositories, ws: string, visits: readonly Recorded[], links: readonly string[]): Promise<void> {
    const base = { workspaceId: ws, from: start, to: start + 60 * DAY };
    const tagged = await r.links.ids(ws, { tag: 'launch' });
    const qs: (ClickQuery & { tag?: string })[] = [
      { ...base, groups: ['country', 'link', 'domain'] },
      { ...base, buckets: bucketStarts(base.from, base.to, 'day', 'Europe/Berlin') },
      { ...base, buckets: bucketStarts(base.from, base.to, 'month', 'UTC') },
      { ...base, linkIds: [links[1]!], groups: ['browser'] },
      { ...base, linkIds: tagged, tag: 'launch', groups: ['device'], buckets: bucketStarts(base.from, base.to, 'day', 'UTC') },
    ];
    for (const q of qs) {
      const { tag: _t, ...plain } = q;
      expect(await r.clicks.query(q), JSON.stringify(q).slice(0, 160)).toEqual(expected(visits, plain));
    }
  }

  it.each(LAYOUTS)(
    'moves a store of $layout at the first start, once, with answers unchanged',
    async ({ oldName, mark, slot }) => {
      clock.set(start + 70 * DAY);
      const opened = await openMongoStore({ clock });
      const { db } = opened;
      const a = opened.repos;
      const ws = (await a.workspaces.create(workspace())).id;
      const links: string[] = [];
      for (let i = 0; i < 6; i++) links.push((await a.links.insert(newLink(ws, { tags: i < 4 ? ['launch'] : [] }))).id);
      let visits = randomVisits(rng(11), ws, links, start, 50 * 24, 80);
      await a.clicks.record(batchOf(asHours(visits)));
      await a.clicks.maintain(); // closes every hour: link, domain and tag sheets, by day and month
      await a.clicks.forget(ws, links[5]!);
      visits = visits.filter((v) => v.linkId !== links[5]);
      await check(a, ws, visits, links);
      await a.clicks.release();

      // The store as the earlier layout left it, no mark...
      const all: Document[] = [];
      const now = await sheetNames(db);
      for (const name of now) all.push(...(await db.collection(name).find({}).toArray()));
      expect(new Set(all.map((d) => `${d.k}|${d.g}`)).size).toBe(6);
      expect(now.filter((n) => n.includes('_day_')).length).toBeGreaterThan(3); // day sheets of several months
      for (const name of now) await db.collection(name).deleteMany({});
      for (const d of all) await db.collection(oldName(d)).insertOne(d);
      await db.collection<{ _id: string }>('migrations').deleteOne({ _id: mark });
      // ...but for a move cut short that had copied a few of them already, its copier gone with its lease.
      const days = all.filter((d) => d.g === 'day' && d.k === 'link');
      await db.collection(sheetCollName('link', 'day', days[0]!.p)).insertMany(days.slice(0, 3));
      const stale = clock.now().getTime() - LEASE_TIMES.takeoverMs - 1;
      await db
        .collection<{ _id: string; s: number; t: number; owner: string; renewedAt: number }>('click_slots')
        .insertOne({ _id: `${slot}:1`, s: slot, t: 1, owner: 'gone', renewedAt: stale });

      // Two instances start together: one moves, the other waits for the mark; both answer the same.
      const [b, c] = await Promise.all([opened.again(), opened.again()]);
      for (const r of [b, c]) await check(r, ws, visits, links);
      // The gone copier's lease was taken over, and the move's lease handed back.
      const leases = await db.collection('click_slots').find({ s: slot }).toArray();
      expect(leases.map((l) => [l.t > 1, typeof l.releasedAt])).toEqual([[true, 'number']]);
      const names = (await db.listCollections().toArray()).map((x) => x.name);
      for (const old of ['click_sheets', ...UNSPLIT_COLLS]) expect(names).not.toContain(old);
      const moved = async () => {
        const out: string[] = [];
        for (const name of await sheetNames(db)) for (const d of await db.collection(name).find({}).toArray()) out.push(`${name}|${d._id}`);
        return out.sort();
      };
      const after = await moved();
      expect(after).toEqual(all.map((d) => `${sheetCollName(d.k, d.g, d.p)}|${d._id}`).sort());

      // A later start changes nothing; new clicks close into the new collections.
      const d2 = await opened.again();
      expect(await moved()).toEqual(after);
      clock.advance(60_000);
      const late = randomVisits(rng(12), ws, links.slice(0, 5), start + 55 * DAY, 24, 10);
      await d2.clicks.record(batchOf(asHours(late)));
      await d2.clicks.maintain();
      visits = [...visits, ...late];
      await check(d2, ws, visits, links);
      await check(b, ws, visits, links);

      // Deleting a link, then the workspace, clears the sheets of each collection.
      await d2.clicks.forget(ws, links[0]!);
      for (const name of await sheetNames(db)) expect(await db.collection(name).countDocuments({ key: links[0] }), name).toBe(0);
      await check(
        d2,
        ws,
        visits.filter((v) => v.linkId !== links[0]),
        links,
      );
      await d2.clicks.forgetWorkspace(ws);
      for (const name of await sheetNames(db)) expect(await db.collection(name).countDocuments({ w: ws }), name).toBe(0);
    },
    240_000,
  );
});
