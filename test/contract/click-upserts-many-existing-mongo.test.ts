/**
 * A call of `upsertAll` that updates many documents that exist already, as a closing does into the
 * sheets an earlier closing wrote and a flush does into the open hours of the hour under way. FerretDB
 * 1.24 keeps one SQLite connection (of the database's 100) per upsert that updated a document until
 * the update command ends: a bulk write updating 100 documents waited for ever, and every command on
 * that database with it (docs/adr/0231, "A closing that never answered"). Bounded: the test's timeout
 * fails it, the suite goes on.
 */
import { describe, expect, it } from 'vitest';
import { type Upsert, upsertAll } from '../../src/storage/clicks/mongo-docs.js';
import { apiKey, at, newLink, openMongoStore, workspace } from './_harness.js';

interface SheetLike {
  _id: string;
  n: number;
  f: number;
}

const EXISTING = 120;
const NEW = 30;

function* fold(mark: number): Generator<Upsert<SheetLike>> {
  for (let i = 0; i < EXISTING + NEW; i++) {
    yield { filter: { _id: `d${String(i).padStart(3, '0')}`, f: { $lt: mark } }, update: { $inc: { n: 1 }, $set: { f: mark } } };
  }
}

describe('upserts into many existing documents on MongoDB', () => {
  it('are answered, every document counted once, and a fold sent again changes nothing', async () => {
    const { db } = await openMongoStore();
    const coll = db.collection<SheetLike>('upserts_many_existing');
    const docs = Array.from({ length: EXISTING }, (_, i) => ({ _id: `d${String(i).padStart(3, '0')}`, n: 0, f: 0 }));
    await coll.insertMany(docs);
    // One call: 120 updates of documents there (more than 100 in one bulk write of the code before), 30 inserts.
    await upsertAll(coll, fold(1));
    const counts = async () => (await coll.find({}, { projection: { n: 1 } }).toArray()).map((d) => d.n);
    expect(await counts()).toEqual(Array(EXISTING + NEW).fill(1));
    // The same fold again: every filter fails and collides on _id (each upsert redone alone); nothing changes.
    await upsertAll(coll, fold(1));
    expect(await counts()).toEqual(Array(EXISTING + NEW).fill(1));
    // The next fold updates all 150.
    await upsertAll(coll, fold(2));
    expect(await counts()).toEqual(Array(EXISTING + NEW).fill(2));
    expect(await coll.countDocuments({ f: 2 })).toBe(EXISTING + NEW);
  }, 90_000);

  it('of 120 API keys used since the last touch, and of a bulk of links using 120 existing tags, are answered', async () => {
    const { repos } = await openMongoStore();
    const ws = (await repos.workspaces.create(workspace())).id;
    const keys = [];
    for (let i = 0; i < 120; i++) keys.push(await repos.apiKeys.insert(apiKey(ws)));
    await repos.apiKeys.touch(new Map(keys.map((k) => [k.id, at(60)])));
    await repos.apiKeys.touch(new Map(keys.map((k) => [k.id, at(120)])));
    expect(new Set((await repos.apiKeys.list(ws)).map((k) => k.lastUsedAt?.getTime()))).toEqual(new Set([at(120).getTime()]));
    const tags = Array.from({ length: 120 }, (_, i) => `t${i}`);
    const batch = () => tags.map((t) => newLink(ws, { tags: [t] }));
    await repos.links.insertMany(ws, batch());
    // The second bulk's tags all exist: one call updates 120 tag documents.
    const second = await repos.links.insertMany(ws, batch());
    expect(second.every((r) => !(r instanceof Error))).toBe(true);
    expect((await repos.links.ids(ws, { tag: 't7' })).length).toBe(2);
  }, 90_000);
});
