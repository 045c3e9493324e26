/**
 * A move of links' sheets into a tag's on MongoDB (docs/adr/0182) done again, as after a crash
 * between its last write and the removal of its record: the slot's next upkeep finishes it (its
 * holder's closing, or a borrower's when the slot is free), and the guard on each tag sheet (`mv`) keeps it from adding anything twice. The tag's sheets then
 * answer, compared with the visit-by-visit reference.
 */
import { MongoClient } from 'mongodb';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/domain/clock.js';
import type { TagMoveDoc } from '../../src/storage/clicks/mongo-tag-move.js';
import { syncSlotTags } from '../../src/storage/clicks/mongo-tag-sync.js';
import type { ClickQuery } from '../../src/storage/clicks/repository.js';
import { MongoConnection } from '../../src/storage/mongo/connection.js';
import { asHours, expected, randomVisits, rng } from './_clicks-reference.js';
import { batchOf, newLink, type OpenedStore, openStore, workspace } from './_harness.js';

const DAY = 86_400_000;

describe('a tag move done again on MongoDB', () => {
  let opened: OpenedStore | undefined;
  let client: MongoClient | undefined;
  let conn: MongoConnection | undefined;
  afterEach(async () => {
    await conn?.close();
    await client?.close();
    await opened?.dispose();
    opened = client = conn = undefined;
  });

  it('is finished by the next upkeep without counting twice', async () => {
    const start = Date.parse('2026-09-28T00:00:00Z');
    const clock = new ManualClock(start + 70 * DAY);
    opened = await openStore('mongodb', { clock });
    client = new MongoClient(opened.mongo!.uri);
    const repos = opened.repos;
    const ws = (await repos.workspaces.create(workspace())).id;
    const links: string[] = [];
    for (let i = 0; i < 12; i++) links.push((await repos.links.insert(newLink(ws, { tags: i < 9 ? ['launch'] : ['other'] }))).id);
    const visits = randomVisits(rng(3), ws, links, start, 50 * 24, 60);
    await repos.clicks.record(batchOf(asHours(visits)));
    await repos.clicks.maintain();
    const docs = () => (repos.clicks as unknown as { docsRead: number }).docsRead;
    /** The tag's breakdown, checked against the visits; whether the tag's sheets answered (fewer documents than the links'). */
    const viaTag = async () => {
      const linkIds = await repos.links.ids(ws, { tag: 'launch' });
      const q: ClickQuery = { workspaceId: ws, from: start, to: start + 50 * DAY + 5 * 3_600_000, linkIds, groups: ['country', 'link'] };
      const before = docs();
      expect(await repos.clicks.query(q)).toEqual(expected(visits, q));
      const plain = docs() - before;
      expect(await repos.clicks.query({ ...q, tag: 'launch' })).toEqual(expected(visits, q));
      return docs() - before - plain < plain;
    };
    expect(await viaTag()).toBe(true);

    // A link gains the tag; the slot's holder moves its sheets in (here by hand, as the slot's writer).
    await repos.links.update(ws, links[10]!, { tags: ['launch'], updatedAt: new Date(clock.now()) });
    expect(await viaTag()).toBe(false);
    conn = new MongoConnection(opened.mongo!.uri, { dbName: opened.mongo!.dbName });
    const db = client.db(opened.mongo!.dbName);
    const slot = (await db.collection<{ s: number; ok: boolean }>('click_tag_links').findOne({ k: 'slot', ok: true }))!.s;
    expect(await syncSlotTags(conn, slot, ws, (fn) => fn())).toEqual({ moved: 2, done: true }); // into `launch`, out of `other`
    expect(await viaTag()).toBe(true);

    // Its record back, as if the process had stopped just before removing it: the next upkeep redoes it.
    const state = await db.collection<{ _id: string; n: number }>('click_tag_links').findOne({ _id: `slot|${slot}` });
    const again: TagMoveDoc = {
      _id: `move|${slot}`,
      k: 'move',
      s: slot,
      w: ws,
      n: state!.n,
      pairs: [
        { l: links[10]!, t: 'launch', d: 1 },
        { l: links[10]!, t: 'other', d: -1 },
      ],
    };
    await db.collection<TagMoveDoc>('click_tag_links').insertOne(again);
    // (The store's lease lapsed meanwhile: the slot is compacted, then free, and finished by either.)
    const pending = () => db.collection('click_tag_links').countDocuments({ k: 'move' });
    for (let i = 0; i < 5 && (await pending()) > 0; i++) {
      clock.advance(60_000);
      await repos.clicks.maintain();
    }
    expect(await pending()).toBe(0);
    expect(await viaTag()).toBe(true);
  }, 240_000);
});
