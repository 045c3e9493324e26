/** The plan limiter alone: its cost per request, in process and through the store. */
import { join } from 'node:path';
import { MemoryRateLimiter, StoreRateLimiter } from '../src/limits/rate-limit.js';
import { SqliteStore } from '../src/storage/sqlite/sqlite-store.js';

export async function benchLimiter(dir: string, say: (s: string) => void): Promise<void> {
  const mem = new MemoryRateLimiter();
  const n = 200_000;
  let t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) mem.takeSync(`w${i % 100}`, 1_000_000, 1, Date.now());
  const memNs = Number(process.hrtime.bigint() - t) / n;
  const counters = new SqliteStore(join(dir, 'counters.db'));
  await counters.init();
  const shared = new StoreRateLimiter(counters);
  const m = 20_000;
  t = process.hrtime.bigint();
  for (let i = 0; i < m; i++) await shared.take(`w${i % 100}`, 1_000_000, 1, Date.now());
  const sharedNs = Number(process.hrtime.bigint() - t) / m;
  await counters.close();
  say('');
  say('Plan limiter cost per request:');
  say(`  in process (embedded store)             ${(memNs / 1000).toFixed(2)} µs`);
  say(`  through the store (SQLite counters)     ${(sharedNs / 1000).toFixed(2)} µs`);
}
