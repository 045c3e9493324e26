/** MongoDB's flush writes are built bulk write by bulk write as they are sent (docs/adr/0200), and stay idempotent. */
import { describe, expect, it } from 'vitest';
import { type Upsert, upsertAll } from '../../src/storage/clicks/mongo-docs.js';
import { openMongoStore } from './_harness.js';

interface CountDoc {
  _id: string;
  n: number;
  q?: number;
}

describe('upserts read from a generator on MongoDB', () => {
  it('sends each bulk write before the next is built, writes every upsert, and skips them all when sent again', async () => {
    const { db } = await openMongoStore();
    const coll = db.collection<CountDoc>('upserts_as_sent');
    const log: string[] = [];
    // The real collection's bulk write, noted as it is sent.
    const send = coll.bulkWrite.bind(coll);
    coll.bulkWrite = ((ops: unknown[], options: unknown) => {
      log.push(`write ${ops.length}`);
      return send(ops as never, options as never);
    }) as typeof coll.bulkWrite;
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
});
