/**
 * The move of MongoDB's sheets into collections by kind and grain (docs/adr/0188), measured on the
 * bench's seed when BENCH_ANALYTICS_MONGO_SPLIT=1: the seed's sheets are put in the single
 * `click_sheets` of earlier versions (the same documents), then a start moves them (timed, with the
 * FerretDB's CPU and the event loop watched) before the reads.
 */
import { MongoClient } from 'mongodb';
import { OLD_SHEETS } from '../src/storage/clicks/mongo-docs.js';
import { SPLIT_MARK } from '../src/storage/clicks/mongo-sheet-split.js';
import { loopWatch } from './loop-watch.js';
import { childCpuMs } from './proc-cpu.js';

export const SPLIT = process.env.BENCH_ANALYTICS_MONGO_SPLIT === '1';

/** The seed as the earlier layout keeps it: every sheet in one collection, the move not marked. */
export async function asOneCollection(databaseUrl: string): Promise<number> {
  const client = new MongoClient(databaseUrl);
  let n = 0;
  try {
    const db = client.db();
    const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).filter((n) => n.startsWith('click_sheets_'));
    for (const name of names) {
      let batch: Record<string, unknown>[] = [];
      const put = async () => {
        if (batch.length > 0) await db.collection(OLD_SHEETS).insertMany(batch as never[], { ordered: false });
        n += batch.length;
        batch = [];
      };
      for await (const d of db.collection(name).find({}, { batchSize: 200 })) {
        batch.push(d);
        if (batch.length >= 200) await put();
      }
      await put();
      await db.collection(name).drop();
    }
    await db.collection<{ _id: string }>('migrations').deleteOne({ _id: SPLIT_MARK });
  } finally {
    await client.close();
  }
  return n;
}

/** A start that moves them: its time, the FerretDB's CPU meanwhile, the event loop's stalls. */
export async function timeSplit(n: number, start: () => Promise<{ repos: { close(): Promise<void> } }>): Promise<string> {
  let took = 0;
  let cpu = 0;
  let closeIt: (() => Promise<void>) | undefined;
  // The watch then idles as long as the work took: the time and the FerretDB's CPU are the start's own.
  const loop = await loopWatch(async () => {
    const [started, before] = [performance.now(), childCpuMs('ferretdb')];
    const s = await start();
    [took, cpu] = [(performance.now() - started) / 1000, (childCpuMs('ferretdb') - before) / 1000];
    closeIt = () => s.repos.close();
  });
  await closeIt?.();
  return `move of ${n.toLocaleString('en')} sheets into collections by kind and grain at start: ${took.toFixed(1)} s, FerretDB CPU ${cpu.toFixed(1)} s; ${loop}`;
}
