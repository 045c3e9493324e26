/**
 * A 1,000,000-line blocklist feed (hosts-file lines): how long reading it takes, what it holds in
 * memory, the longest the event loop waited meanwhile, and what a lookup costs.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Blocklist } from '../src/abuse/blocklist.js';
import { readFeed } from '../src/abuse/feed-file.js';

const LINES = 1_000_000;
const MB = 1048576;

/** The host of line i of the generated feed. */
const entry = (i: number) => `${i % 3 === 0 ? 'ads.' : ''}h${i.toString(36)}-feed.example${i % 997}.com`;

function feed(dir: string): { path: string; bytes: number } {
  const lines: string[] = ['# a generated feed in hosts-file form, as the public ones are'];
  for (let i = 0; i < LINES - 1; i++) lines.push(`0.0.0.0 ${entry(i)}`);
  const text = `${lines.join('\n')}\n`;
  const path = join(dir, 'feed.txt');
  writeFileSync(path, text);
  return { path, bytes: Buffer.byteLength(text) };
}

export async function benchBlocklist(dir: string, say: (s: string) => void): Promise<void> {
  const { path, bytes } = feed(dir);
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage();
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const started = performance.now();
  const { hosts, stats } = await readFeed(path, () => new Date());
  const ms = performance.now() - started;
  lag.disable();
  const list = new Blocklist();
  list.setFile(hosts, stats);
  gc?.();
  const after = process.memoryUsage();
  const n = 1_000_000;
  let t = process.hrtime.bigint();
  let found = 0;
  const listed = Array.from({ length: 1000 }, (_, i) => `www.${entry((i * 997) % (LINES - 1))}`);
  const clean = Array.from({ length: 1000 }, (_, i) => `cdn${i}.shop.example.org`);
  for (let i = 0; i < n; i++) if (list.blockedBy(listed[i % 1000]!)) found++;
  const hitNs = Number(process.hrtime.bigint() - t) / n;
  t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) if (list.blockedBy(clean[i % 1000]!)) found--;
  const missNs = Number(process.hrtime.bigint() - t) / n;
  say('');
  say(`Blocklist feed of ${LINES.toLocaleString('en')} lines (${(bytes / MB).toFixed(1)} MB, hosts-file form): ${stats.hosts.toLocaleString('en')} hosts`);
  say(`  read in                                  ${(ms / 1000).toFixed(2)} s (longest event-loop wait meanwhile ${(lag.max / 1e6).toFixed(0)} ms)`);
  say(`  held by the host table                   ${(hosts.byteLength / MB).toFixed(1)} MB`);
  say(
    `  process memory after - before            heap ${((after.heapUsed - before.heapUsed) / MB).toFixed(1)} MB, array buffers ${((after.arrayBuffers - before.arrayBuffers) / MB).toFixed(1)} MB, resident ${((after.rss - before.rss) / MB).toFixed(1)} MB${gc ? '' : ' (no --expose-gc: heap figures include garbage)'}`,
  );
  say(`  lookup of a listed subdomain / a clean host   ${hitNs.toFixed(0)} ns / ${missNs.toFixed(0)} ns (${found === n ? 'all' : 'NOT all'} found)`);
}
