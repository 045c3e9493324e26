/**
 * The flush stall on its own (`BENCH_ONLY=flush`): a click recorder counts one visit on each of
 * BENCH_FLUSH_HOURS (default 50,000) distinct link-hours, half in the previous hour, each visit also an
 * event; then its flush is written while the event loop is watched (./loop-watch.ts). On SQLite (a
 * fresh file) and on MongoDB (MONGODB_URI, else a FerretDB started here, BENCH_FLUSH_MONGO_HOURS,
 * default 1,000: FerretDB takes minutes for a few thousand upserts; 0 skips it). On SQLite, a second
 * flush of as many link-hours is written while the event loop makes one small write of its own every
 * 2 ms, as API requests do: how long those writes hold the loop waiting for the click writer thread's
 * transactions (docs/adr/0103). On MongoDB, the first seconds of a flush of 50,000 link-hours
 * (./flush-mongo-window.ts): the main thread's side of a flush of that size.
 */
import { join } from 'node:path';
import { loadConfig } from '../src/config/env.js';
import { ClickRecorder } from '../src/redirect/click-recorder.js';
import { HOUR_MS } from '../src/storage/clicks/repository.js';
import type { Services } from '../src/wiring/all-services.js';
import { buildServices } from '../src/wiring/build-services.js';
import { DOMAIN } from './fixtures.js';
import { mongoWindow } from './flush-mongo-window.js';
import { benchVisit, countVisits } from './flush-visits.js';
import { mongo } from './link-read.js';
import { loopWatch } from './loop-watch.js';

const BENCH = { actor: { type: 'system' as const, id: 'system', label: 'bench' }, requestId: null };
const HOURS = Number(process.env.BENCH_FLUSH_HOURS ?? 50_000);
const MONGO_HOURS = Number(process.env.BENCH_FLUSH_MONGO_HOURS ?? 1_000);
const WINDOW_HOURS = Number(process.env.BENCH_FLUSH_MONGO_WINDOW_HOURS ?? 50_000);

async function figures(databaseUrl: string, n: number, label: string, say: (s: string) => void): Promise<void> {
  const s = await buildServices(loadConfig({ DATABASE_URL: databaseUrl, LSK_DEFAULT_DOMAIN: DOMAIN }));
  try {
    const ws = await s.workspaces.create(BENCH, 'flush', 'custom', 1_000_000);
    const recorder = new ClickRecorder(s.repos.clicks, { warn: () => {} }, { maxCells: 4 * n });
    const visit = benchVisit(ws.id);
    const now = visit.atMs;
    // The writer's first job starts its thread (SQLite): one small flush first, as a running server has made.
    recorder.count({ ...visit, linkId: 'lnk_warm' });
    await recorder.flush();
    countVisits(recorder, ws.id, n, 'lnk_flush');
    // Counted in one loop, the counters are all young; a live recorder builds them over its interval
    // and they age with it. A full collection (the bench runs with --expose-gc) keeps the promotion
    // of the bench's own objects out of the measured window.
    (globalThis as { gc?: () => void }).gc?.();
    say(`  ${label}, ${n.toLocaleString('en')} link-hours and as many events: ${await loopWatch(() => recorder.flush(), { idleProbe: true })}`);
    if (databaseUrl.startsWith('file:')) {
      for (let i = 0; i < n; i++) recorder.count({ ...visit, linkId: `lnk_again${i}`, atMs: now - (i % 2) * HOUR_MS });
      say(`  ${label}, the same again while the event loop writes: ${await writesDuring(s, () => recorder.flush())}`);
    }
    await recorder.stop();
  } finally {
    await s.repos.close();
  }
}

/** The event loop's own small writes (one every 2 ms) while `work` runs: how long each held the loop. */
async function writesDuring(s: Services, work: () => Promise<unknown>): Promise<string> {
  const waits: number[] = [];
  let on = true;
  const write = async () => {
    const t = performance.now();
    await s.repos.counters.mark(`bench-flush-${waits.length}`);
    waits.push(performance.now() - t);
    if (on) setTimeout(write, 2);
  };
  setTimeout(write, 2);
  const started = performance.now();
  await work();
  const took = performance.now() - started;
  on = false;
  waits.sort((a, b) => b - a);
  const at = (q: number) => (waits[Math.floor(waits.length * q)] ?? 0).toFixed(1);
  return `written in ${took.toFixed(0)} ms; ${waits.length} writes of the event loop meanwhile, the longest ${(waits[0] ?? 0).toFixed(1)} ms (p99 ${at(0.01)}, median ${at(0.5)})`;
}

export async function benchFlush(dir: string, say: (s: string) => void): Promise<void> {
  say('');
  say('Flush stall: one recorder flush of distinct link-hours and the event loop meanwhile (bar: a stall of at most 10 ms):');
  if (HOURS > 0) await figures(`file:${join(dir, 'flush.db')}`, HOURS, 'SQLite', say);
  if (MONGO_HOURS === 0 && WINDOW_HOURS === 0) return;
  const m = await mongo();
  const label = m.server ? 'MongoDB (FerretDB 1.24)' : 'MongoDB (MONGODB_URI)';
  try {
    if (MONGO_HOURS > 0) await figures(m.url, MONGO_HOURS, label, say);
    if (WINDOW_HOURS > 0) await mongoWindow(m.url, WINDOW_HOURS, label, say);
  } finally {
    await m.server?.stop();
  }
}
