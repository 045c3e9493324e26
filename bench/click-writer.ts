/**
 * The SQLite click writer alone, in process (no HTTP, no other thread): CPU per click of what a
 * flush writes, each part on its own, median of 3 passes over LINKS links in one workspace. A new
 * open link-hour (its row only), an update of an open link-hour this writer wrote, the same update
 * by a writer that has not seen the row (a fresh one, as after a restart), and the click event row.
 * Each click carries one of COMBOS combinations, as visits from a few countries and devices do.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { comboKey } from '../src/storage/clicks/combos.js';
import { type FlushChunk, flushChunks } from '../src/storage/clicks/flush-chunks.js';
import type { ClickEvent, HourCounts } from '../src/storage/clicks/repository.js';
import { clickWriter } from '../src/storage/clicks/sqlite-writes.js';
import { SqliteConnection } from '../src/storage/sqlite/connection.js';

const LINKS = 20_000;
const PASSES = 3;
const COMBOS = ['DE', 'FR', 'US', 'GB', 'NL', 'IT'].flatMap((country) =>
  ['desktop', 'mobile'].map((device) => comboKey(false, { country, device, domain: 'go.example', referrer: 'news.example' })),
);
const WS = 'wsp_bench';

let flushes = 0;
async function chunks(hours: HourCounts[], events: ClickEvent[]): Promise<FlushChunk[]> {
  const out: FlushChunk[] = [];
  for await (const c of flushChunks(`bench-${++flushes}`, hours, events)) out.push(c);
  return out;
}

function hoursOf(hour: number, pass: number): HourCounts[] {
  return Array.from({ length: LINKS }, (_, i) => ({
    linkId: `lnk_${i}`,
    workspaceId: WS,
    hour,
    clicks: 1,
    bots: 0,
    combos: new Map([[COMBOS[(i + pass) % COMBOS.length]!, 1]]),
  }));
}

const eventsOf = (at: number, pass: number): ClickEvent[] =>
  Array.from({ length: LINKS }, (_, i) => ({ at: at + i, linkId: `lnk_${i}`, workspaceId: WS, combo: COMBOS[(i + pass) % COMBOS.length]! }));

/** CPU µs per click of one flush of these chunks by `ops` (this thread only: the writer runs here). */
function cpuPerClick(ops: ReturnType<typeof clickWriter>, cs: FlushChunk[]): number {
  const before = process.threadCpuUsage();
  ops.flush(cs);
  const used = process.threadCpuUsage(before);
  return (used.user + used.system) / LINKS;
}

const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchClickWriter(dir: string, say: (s: string) => void): Promise<void> {
  say(`\nSQLite click writer alone, in process (${LINKS.toLocaleString('en')} links, one workspace; CPU µs per click, median of ${PASSES})`);
  const fresh: number[] = [];
  const update: number[] = [];
  const cold: number[] = [];
  const event: number[] = [];
  for (let p = 0; p < PASSES; p++) {
    const sub = mkdtempSync(join(dir, 'writer-'));
    const file = join(sub, 'lsk.db');
    const conn = new SqliteConnection(file);
    conn.migrate();
    const hour = Date.UTC(2026, 10, 20, 10 + p);
    const ops = clickWriter(conn);
    // Combinations interned before timing (a running server has met them).
    ops.flush(await chunks([], eventsOf(hour - 3_600_000, 0).slice(0, COMBOS.length)));
    fresh.push(cpuPerClick(ops, await chunks(hoursOf(hour, 0), [])));
    update.push(cpuPerClick(ops, await chunks(hoursOf(hour, 1), [])));
    cold.push(cpuPerClick(clickWriter(conn), await chunks(hoursOf(hour, 2), [])));
    event.push(cpuPerClick(ops, await chunks([], eventsOf(hour, p))));
    conn.close();
    rmSync(sub, { recursive: true, force: true });
  }
  say(`  a new open link-hour                          ${mid(fresh).toFixed(1)} µs`);
  say(`  an update of an open link-hour it wrote       ${mid(update).toFixed(1)} µs`);
  say(`  the same update by a writer that had not seen it ${mid(cold).toFixed(1)} µs`);
  say(`  a click event row                             ${mid(event).toFixed(1)} µs`);
}
