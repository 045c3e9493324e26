/**
 * Closing one hour of every link of the analytics seed (`BENCH_ONLY=close-hour`, docs/adr/0179):
 * on a copy of a kept seed (BENCH_CLOSE_DB, a file written by `BENCH_ANALYTICS_DB`, with its .json
 * beside it; the copy is changed: each run closes the hour after the last one closed in it).
 * First in process: the hour's link-hours are flushed into open rows, then closed, each writer
 * transaction's CPU time (median, p99, max) and the closing's CPU in all. Then the next hour through
 * the store (the writer thread) while the event loop makes one small write every 2 ms: how long the
 * longest of those waited. BENCH_CLOSE_FORGET=1 also deletes the seed's busiest link in process
 * (each writer transaction's CPU), after the closing.
 */
import { readFileSync } from 'node:fs';
import { ManualClock } from '../src/domain/clock.js';
import { flushChunks } from '../src/storage/clicks/flush-chunks.js';
import { HOUR_MS, type HourCounts } from '../src/storage/clicks/repository.js';
import { clickWriter } from '../src/storage/clicks/sqlite-writes.js';
import { openRepositories } from '../src/storage/open.js';
import type { Repositories } from '../src/storage/repositories.js';
import type { Row } from '../src/storage/sqlite/connection.js';
import { SqliteConnection } from '../src/storage/sqlite/connection.js';
import { linkHour } from './analytics-seed.js';
import { DOMAIN } from './fixtures.js';

const cpuMs = () => {
  const c = process.threadCpuUsage();
  return (c.user + c.system) / 1000;
};
const at = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? 0;

/** The seed's links (by their index) and the hour after the last closed one. */
function seedState(conn: SqliteConnection, workspaceId: string): { links: { id: string; index: number }[]; next: number } {
  const links = (conn.stmt('SELECT id, alias FROM links WHERE workspace_id = ?').all(workspaceId) as Row[]).map((r) => ({
    id: String(r.id),
    index: Number(String(r.alias).slice(1)),
  }));
  // The newest day sheet of any link (every seeded link has clicks in every hour).
  const day = conn
    .stmt("SELECT period, hc FROM click_link_sheets WHERE workspace_id = ? AND grain = 'day' ORDER BY period DESC LIMIT 1")
    .get(workspaceId) as Row;
  const last = Math.max(...Object.keys(JSON.parse(String(day.hc)) as object).map(Number));
  return { links, next: Number(day.period) + (last + 1) * HOUR_MS };
}

const hourOf = (ws: string, links: { id: string; index: number }[], hour: number): HourCounts[] =>
  links.map((l) => linkHour(ws, l, hour / HOUR_MS, hour, DOMAIN));

/** Time every outermost transaction of `conn` from now on: CPU and wall ms, in order. */
function timeTransactions(conn: SqliteConnection): { cpu: number[]; wall: number[] } {
  const cpu: number[] = [];
  const wall: number[] = [];
  const tx = conn.tx.bind(conn);
  (conn as { tx: typeof conn.tx }).tx = <T>(fn: () => T): T => {
    if (conn.db.inTransaction) return tx(fn);
    const c0 = cpuMs();
    const t0 = performance.now();
    try {
      return tx(fn);
    } finally {
      cpu.push(cpuMs() - c0);
      wall.push(performance.now() - t0);
    }
  };
  return { cpu, wall };
}

const spread = (xs: number[]) => `median ${at(xs, 0.5).toFixed(1)}, p99 ${at(xs, 0.99).toFixed(1)}, max ${Math.max(...xs).toFixed(1)} ms`;

async function inProcess(path: string, ws: string, say: (s: string) => void): Promise<void> {
  const conn = new SqliteConnection(path);
  conn.migrate();
  const ops = clickWriter(conn);
  const { links, next } = seedState(conn, ws);
  const chunks = [];
  for await (const c of flushChunks(`close-bench-${next}`, hourOf(ws, links, next), [])) chunks.push(c);
  ops.flush(chunks);
  const { cpu, wall } = timeTransactions(conn);
  const c0 = cpuMs();
  // Step by step where the writer offers it (folds of pending parts marked f), else in one call.
  const steps = (ops as { closeSteps?: (now: number) => Iterable<number> }).closeSteps?.(next + 2 * HOUR_MS);
  let closed = 0;
  const kinds: string[] = [];
  if (steps) {
    for (const n of steps) {
      closed += n;
      kinds[cpu.length - 1] = n > 0 ? '' : 'f';
    }
  } else closed = ops.closeHours(next + 2 * HOUR_MS);
  const all = cpuMs() - c0;
  conn.close();
  if (process.env.BENCH_CLOSE_VERBOSE) say(`    each transaction's CPU ms: ${cpu.map((c, i) => `${c.toFixed(1)}${kinds[i] ?? ''}`).join(' ')}`);
  say(
    `  in process, ${new Date(next).toISOString().slice(0, 13)}h: ${closed} link-hours in ${cpu.length} transactions; CPU ${spread(cpu)}; wall ${spread(wall)}; CPU in all ${all.toFixed(0)} ms`,
  );
}

/** The seed's busiest link deleted on the writer's connection, in process: each transaction's CPU. */
function forgetBusiest(path: string, ws: string, say: (s: string) => void): void {
  const conn = new SqliteConnection(path);
  conn.migrate();
  const ops = clickWriter(conn);
  const busiest = conn.stmt('SELECT link_id, clicks FROM click_totals WHERE workspace_id = ? ORDER BY clicks DESC LIMIT 1').get(ws) as Row;
  const sheets = Number((conn.stmt('SELECT count(*) AS n FROM click_link_sheets WHERE link_id = ?').get(busiest.link_id) as Row).n);
  const { cpu, wall } = timeTransactions(conn);
  const c0 = cpuMs();
  ops.forget(ws, String(busiest.link_id));
  const all = cpuMs() - c0;
  conn.close();
  say(
    `  the busiest link deleted (${Number(busiest.clicks).toLocaleString('en')} clicks, ${sheets} sheets): ${cpu.length} transactions; CPU ${spread(cpu)}; wall ${spread(wall)}; CPU in all ${all.toFixed(0)} ms`,
  );
}

/** How long the event loop's own small writes (one every 2 ms) waited while `work` ran. */
async function writesDuring(repos: Repositories, tag: string, work: () => Promise<unknown>): Promise<string> {
  const waits: number[] = [];
  let on = true;
  const write = async () => {
    const t = performance.now();
    await repos.counters.mark(`bench-close-${tag}-${waits.length}`);
    waits.push(performance.now() - t);
    if (on) setTimeout(write, 2);
  };
  setTimeout(write, 2);
  const t0 = performance.now();
  await work();
  const took = performance.now() - t0;
  on = false;
  return `maintenance took ${took.toFixed(0)} ms; ${waits.length} event-loop writes, longest ${Math.max(...waits).toFixed(1)} ms (p99 ${at(waits, 0.99).toFixed(1)}, median ${at(waits, 0.5).toFixed(1)})`;
}

/**
 * The next hour closed by the store's writer thread while the event loop writes every 2 ms; first a
 * maintenance with nothing to close (tag sync, sweeps) as the baseline of the same writes.
 */
async function onWriterThread(path: string, ws: string, say: (s: string) => void): Promise<void> {
  const conn = new SqliteConnection(path);
  const { links, next } = seedState(conn, ws);
  conn.close();
  // Maintenance runs at most once a minute: the baseline a minute before the hour is due.
  const clock = new ManualClock(next + 2 * HOUR_MS - 61_000);
  const repos = await openRepositories(`file:${path}`, { clock });
  try {
    await repos.init();
    await repos.clicks.record({ hours: hourOf(ws, links, next), events: [] });
    say(`  writer thread, nothing to close: ${await writesDuring(repos, `${next}a`, () => repos.clicks.maintain())}`);
    clock.set(next + 2 * HOUR_MS);
    say(`  writer thread, ${new Date(next).toISOString().slice(0, 13)}h: ${await writesDuring(repos, `${next}b`, () => repos.clicks.maintain())}`);
  } finally {
    await repos.close();
  }
}

export async function benchCloseHour(say: (s: string) => void): Promise<void> {
  const path = process.env.BENCH_CLOSE_DB;
  if (!path) {
    say('\nClosing an hour: set BENCH_CLOSE_DB to a copy of a kept analytics seed (BENCH_ANALYTICS_DB).');
    return;
  }
  const { target } = JSON.parse(readFileSync(`${path}.json`, 'utf8')) as { target: { workspaceId: string } };
  say(`\nClosing one hour of every link of the seed in ${path}:`);
  await inProcess(path, target.workspaceId, say);
  if (process.env.BENCH_CLOSE_FORGET === '1') forgetBusiest(path, target.workspaceId, say);
  if (process.env.BENCH_CLOSE_THREAD !== '0') await onWriterThread(path, target.workspaceId, say);
}
