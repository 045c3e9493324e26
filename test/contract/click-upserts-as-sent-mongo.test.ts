/**
 * MongoDB's flush writes are built bulk write by bulk write as they are sent (docs/adr/0200), each
 * upsert encoded as it is added with the event loop turning by time meanwhile (docs/adr/0211), and
 * stay idempotent.
 */
import type { Collection, UnorderedBulkOperation } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { type Upsert, upsertAll } from '../../src/storage/clicks/mongo-docs.js';
import { Turns } from '../../src/storage/clicks/turns.js';
import { openMongoStore } from './_harness.js';

interface CountDoc {
  _id: string;
  n: number;
  q?: number;
}

describe('upserts read from a generator on MongoDB', () => {
  it('sends each bulk write before the next is built (the first one connecting the client), writes every upsert, and skips them all when sent again', async () => {
    const { db } = await openMongoStore();
    const coll = db.collection<CountDoc>('upserts_as_sent');
    const log: string[] = [];
    noteSends(coll, log);
    function* ops(seq: number): Generator<Upsert<CountDoc>> {
      for (let i = 0; i < 7; i++) {
        log.push(`build ${i}`);
        yield { filter: { _id: `d${i}`, q: { $lt: seq } }, update: { $inc: { n: i + 1 }, $set: { q: seq } } };
      }
    }
    await upsertAll(coll, ops(1), 3);
    expect(log).toEqual(['build 0', 'build 1', 'build 2', 'write 3', 'build 3', 'build 4', 'build 5', 'write 3', 'build 6', 'write 1']);
    const ns = async () => (await coll.find().sort({ _id: 1 }).toArray()).map((d) => d.n);
    expect(await ns()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // The same flush again (the same seq): every write fails its filter and collides on _id; nothing changes.
    await upsertAll(coll, ops(1), 3);
    expect(await ns()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // The next flush adds.
    await upsertAll(coll, ops(2), 3);
    expect(await ns()).toEqual([2, 4, 6, 8, 10, 12, 14]);
  });

  it('lets the event loop turn while a bulk write is encoded, once the encoding has lasted its step', async () => {
    const { db } = await openMongoStore();
    await db.command({ ping: 1 }); // the client connected, as a store's is from its start
    const coll = db.collection<CountDoc>('upserts_turning');
    const log: string[] = [];
    noteSends(coll, log);
    function* ops(): Generator<Upsert<CountDoc>> {
      for (let i = 0; i < 6; i++) {
        log.push(`build ${i}`);
        yield { filter: { _id: `d${i}`, q: { $lt: 1 } }, update: { $inc: { n: 1 }, $set: { q: 1 } } };
      }
    }
    // A clock that moves 0.6 ms at each look, looked at every upsert: a step of 1 ms lasts two upserts.
    let t = 0;
    const turns = new Turns(() => (t += 0.6), 1, 1);
    // Something else on the event loop, noted each time the loop gets to it.
    let on = true;
    const other = () => {
      if (log.at(-1) !== 'turn') log.push('turn');
      if (on) setImmediate(other);
    };
    setImmediate(other);
    await upsertAll(coll, ops(), 6, turns);
    on = false;
    // A turn before the bulk write is begun, then one each time a step has lasted 1 ms.
    expect(log.slice(0, log.indexOf('write 6') + 1)).toEqual([
      'build 0',
      'turn',
      'build 1',
      'build 2',
      'turn',
      'build 3',
      'build 4',
      'turn',
      'build 5',
      'write 6',
    ]);
    expect((await coll.find().toArray()).length).toBe(6);
  });
});

/**
 * The collection's bulk writes, noted (with their number of upserts) as each is sent: those built
 * upsert by upsert and the driver's bulkWrite's (taken while the client has not connected yet) alike.
 */
function noteSends(coll: Collection<CountDoc>, log: string[]): void {
  const start = coll.initializeUnorderedBulkOp.bind(coll);
  coll.initializeUnorderedBulkOp = ((options?: never) => {
    const bulk: UnorderedBulkOperation = start(options);
    const execute = bulk.execute.bind(bulk);
    bulk.execute = ((o?: never) => {
      log.push(`write ${bulk.length}`);
      return execute(o);
    }) as typeof bulk.execute;
    return bulk;
  }) as typeof coll.initializeUnorderedBulkOp;
}
