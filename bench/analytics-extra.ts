/**
 * What the analytics bench measures besides read times: the store's size after the seed, how long a
 * flush of 50,000 distinct link-hours holds the event loop (./loop-watch.ts), and on MongoDB the
 * documents a query reads.
 */
import { statSync } from 'node:fs';
import { MongoClient } from 'mongodb';
import type { ClicksRepository, HourCounts } from '../src/storage/clicks/repository.js';
import { HOUR_MS } from '../src/storage/clicks/repository.js';
import { keyOfBench } from './analytics-seed.js';
import { loopWatch } from './loop-watch.js';

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

/** The database's size on disk: the SQLite file and its WAL, or MongoDB's dbStats. */
export async function storeSize(databaseUrl: string): Promise<string> {
  if (databaseUrl.startsWith('file:')) {
    const path = databaseUrl.slice(5);
    const size = (p: string) => {
      try {
        return statSync(p).size;
      } catch {
        return 0;
      }
    };
    return `${mb(size(path) + size(`${path}-wal`))} (SQLite file and WAL)`;
  }
  const client = new MongoClient(databaseUrl);
  try {
    const s = await client.db().stats();
    return `${mb(Number(s.dataSize ?? 0))} data, ${mb(Number(s.storageSize ?? 0))} storage, ${mb(Number(s.indexSize ?? 0))} indexes (dbStats)`;
  } finally {
    await client.close();
  }
}

/** Record one batch of `n` distinct link-hours (one combination each) and report the event loop's longest stall meanwhile. */
export async function flushStall(clicks: ClicksRepository, workspaceId: string, domain: string, n = 50_000): Promise<string> {
  const now = Date.now();
  const hour = now - (now % HOUR_MS);
  const hours: HourCounts[] = [];
  for (let i = 0; i < n; i++) {
    hours.push({ linkId: `lnk_stall${i}`, workspaceId, hour: hour - (i % 2) * HOUR_MS, clicks: 1, bots: 0, combos: new Map([[keyOfBench(domain, i), 1]]) });
  }
  // The bench builds these 50,000 counters in one synchronous loop, so they are all young: the next
  // scavenges would copy and promote them (tens of ms) inside the measured window. A live recorder
  // builds them one visit at a time over its interval, and they age with it; a full collection here
  // (the bench runs with --expose-gc) leaves the flush's own work to be measured.
  (globalThis as { gc?: () => void }).gc?.();
  return `${n.toLocaleString('en')} link-hours ${await loopWatch(() => clicks.record({ hours, events: [] }))}`;
}
