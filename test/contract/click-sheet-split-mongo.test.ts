/**
 * Sheets in one collection per kind and grain on MongoDB (docs/adr/0188): a store written by the
 * earlier layout (every sheet in `click_sheets`) answers the same after its first start, with two
 * instances starting at once over a move cut short, and a later start changes nothing; deletions clear
 * every collection.
 */
import type { Document } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { bucketStarts } from '../../src/domain/analytics/buckets.js';
import { ManualClock } from '../../src/domain/clock.js';
import { SHEET_COLLS } from '../../src/storage/clicks/mongo-sheet-colls.js';
import { SPLIT_MARK, SPLIT_SLOT } from '../../src/storage/clicks/mongo-sheet-split.js';
import { LEASE_TIMES } from '../../src/storage/clicks/mongo-slots.js';
import type { ClickQuery } from '../../src/storage/clicks/repository.js';
import type { Repositories } from '../../src/storage/repositories.js';
import { asHours, expected, type Recorded, randomVisits, rng } from './_clicks-reference.js';
import { batchOf, newLink, openMongoStore, workspace } from './_harness.js';

const DAY = 86_400_000;
const OLD = 'click_sheets';

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

  it('moves a store of the single collection at the first start, once, with answers unchanged', async () => {
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

    // The store as the earlier layout left it: every sheet in one collection, no mark...
    const all: Document[] = [];
    for (const { name } of SHEET_COLLS) all.push(...(await db.collection(name).find({}).toArray()));
    expect(new Set(all.map((d) => `${d.k}|${d.g}`)).size).toBe(SHEET_COLLS.length);
    await db.collection(OLD).insertMany(all);
    for (const { name } of SHEET_COLLS) await db.collection(name).deleteMany({});
    await db.collection<{ _id: string }>('migrations').deleteOne({ _id: SPLIT_MARK });
    // ...but for a move cut short that had copied a few of them already, its copier gone with its lease.
    const first = SHEET_COLLS[0]!.name;
    await db.collection(first).insertMany(all.filter((d) => `click_sheets_${d.k}_${d.g}` === first).slice(0, 3));
    const stale = clock.now().getTime() - LEASE_TIMES.takeoverMs - 1;
    await db
      .collection<{ _id: string; s: number; t: number; owner: string; renewedAt: number }>('click_slots')
      .insertOne({ _id: `${SPLIT_SLOT}:1`, s: SPLIT_SLOT, t: 1, owner: 'gone', renewedAt: stale });

    // Two instances start together: one moves, the other waits for the mark; both answer the same.
    const [b, c] = await Promise.all([opened.again(), opened.again()]);
    for (const r of [b, c]) await check(r, ws, visits, links);
    // The gone copier's lease was taken over, and the move's lease handed back.
    const leases = await db.collection('click_slots').find({ s: SPLIT_SLOT }).toArray();
    expect(leases.map((l) => [l.t > 1, typeof l.releasedAt])).toEqual([[true, 'number']]);
    const names = (await db.listCollections().toArray()).map((x) => x.name);
    expect(names).not.toContain(OLD);
    const moved = async () => {
      const out: string[] = [];
      for (const { kind, grain, name } of SHEET_COLLS)
        for (const d of await db.collection(name).find({}).toArray()) out.push(`${name}|${d.k === kind && d.g === grain}|${d._id}`);
      return out.sort();
    };
    const after = await moved();
    expect(after).toEqual(all.map((d) => `click_sheets_${d.k}_${d.g}|true|${d._id}`).sort());

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
    for (const g of ['day', 'month']) expect(await db.collection(`click_sheets_link_${g}`).countDocuments({ key: links[0] })).toBe(0);
    await check(
      d2,
      ws,
      visits.filter((v) => v.linkId !== links[0]),
      links,
    );
    await d2.clicks.forgetWorkspace(ws);
    for (const { name } of SHEET_COLLS) expect(await db.collection(name).countDocuments({ w: ws }), name).toBe(0);
  }, 240_000);
});
