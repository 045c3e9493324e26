/**
 * The MongoDB month-hours backfill (docs/adr/0099), measured on the bench's seed when
 * BENCH_ANALYTICS_MONGO_BACKFILL=1: the seed's month sheets are stripped of their hours (as a
 * database written before month sheets counted them has them), the reads are timed, then a start
 * fills the hours in the background (timed, with the event loop watched) and the reads are timed again.
 */
import { MongoClient } from 'mongodb';
import type { MongoClicks } from '../src/storage/clicks/mongo.js';
import type { Services } from '../src/wiring/all-services.js';
import { loopWatch } from './loop-watch.js';

export const BACKFILL = process.env.BENCH_ANALYTICS_MONGO_BACKFILL === '1';

/** Month sheets without hours: the seed as a version before the hours wrote it (the backfill marks stay until unmarkBackfill). */
export async function stripMonthHours(databaseUrl: string): Promise<void> {
  const client = new MongoClient(databaseUrl);
  try {
    const db = client.db();
    for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray())
      if (/^click_sheets_(link|domain|tag)_month_/.test(name)) await db.collection(name).updateMany({}, { $unset: { hc: '', hb: '' } });
  } finally {
    await client.close();
  }
}

/** Forget the backfill marks (the next start runs it). */
export async function unmarkBackfill(databaseUrl: string): Promise<void> {
  const client = new MongoClient(databaseUrl);
  try {
    await client
      .db()
      .collection<{ _id: string }>('migrations')
      .deleteMany({ _id: { $regex: '^month-hours' } });
  } finally {
    await client.close();
  }
}

/**
 * The backfill a start runs: this process takes its writer slot first (a server's click recorder
 * does at its first tick, and the backfill waits for it), then one pass, timed, the event loop watched.
 */
export async function timeBackfill(s: Services): Promise<string> {
  await s.repos.clicks.maintain();
  const run = (s.repos.clicks as unknown as MongoClicks).monthHoursBackfill;
  let r: Awaited<ReturnType<typeof run.pass>> | undefined;
  let took = 0;
  const loop = await loopWatch(async () => {
    const started = performance.now();
    r = await run.pass();
    took = performance.now() - started;
  });
  return `backfill: ${r?.filled ?? 0} month sheets filled, ${r?.left ?? 0} left, done ${r?.done ?? false}, in ${(took / 1000).toFixed(1)} s; ${loop}`;
}
