/** The plan limiter alone: its cost per request, in process and through the store. */
import { join } from 'node:path';
import { MemoryRateLimiter } from '../src/limits/rate-limit.js';
import { SharedRateLimiter } from '../src/limits/shared-rate-limit.js';
import { openRepositories } from '../src/storage/open.js';

export async function benchLimiter(dir: string, say: (s: string) => void): Promise<void> {
  const mem = new MemoryRateLimiter();
  const n = 200_000;
  let t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) mem.takeSync(`w${i % 100}`, 1_000_000, 1, Date.now());
  const memNs = Number(process.hrtime.bigint() - t) / n;
  const store = await openRepositories(`file:${join(dir, 'counters.db')}`);
  await store.init();
  const shared = new SharedRateLimiter(store.counters);
  const m = 20_000;
  t = process.hrtime.bigint();
  for (let i = 0; i < m; i++) await shared.take(`w${i % 100}`, 1_000_000, 1, Date.now());
  const sharedNs = Number(process.hrtime.bigint() - t) / m;
  await store.close();
  say('');
  say('Plan limiter cost per request:');
  say(`  in process (embedded store)             ${(memNs / 1000).toFixed(2)} µs`);
  say(`  through the store (61 slot markers, SQLite)${(sharedNs / 1000).toFixed(2)} µs`);
}
