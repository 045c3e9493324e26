/**
 * The SQLite click writer alone, in process (no HTTP, no other thread): CPU per click of what a
 * flush writes, median of 3 passes over LINKS links in one workspace, on the writer thread's kind of
 * connection (its checkpoints outside the write gate). Link ids are random after their prefix, as
 * the ids lsk makes are (until 2026-11-27 this bench had 20,000 links with ids in order, `lnk_0`,
 * `lnk_1`..., whose rows a part writes next to each other, so its figures then were lower than a
 * real store's). Each part on its own: a new open link-hour (its row only), an update of an open
 * link-hour this writer wrote, the same update by a writer that has not seen the row (a fresh one,
 * as after a restart), and the click event row; then a recorded visit as the HTTP bench makes them
 * (every link visited in turn, flushes of VISITS_PER_FLUSH visits, each an update of its open
 * link-hour and an event). Each click carries one of COMBOS combinations.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { newId } from '../src/domain/ids.js';
import { comboKey } from '../src/storage/clicks/combos.js';
import { flushChunks } from '../src/storage/clicks/flush-chunks.js';
import type { FlushChunk } from '../src/storage/clicks/flush-wire.js';
import type { ClickEvent, HourCounts, VisitRecords } from '../src/storage/clicks/repository.js';
import { clickWriter } from '../src/storage/clicks/sqlite-writes.js';
import { type VisitChunk, visitChunks } from '../src/storage/clicks/visit-wire.js';
import { SqliteConnection } from '../src/storage/sqlite/connection.js';
import { newWriteGate } from '../src/storage/sqlite/write-gate.js';

const LINKS = 100_000;
const PASSES = 3;
/** About a second of the HTTP bench's recorded visits: its flush, every second. */
const VISITS_PER_FLUSH = 25_000;
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

const hourOf = (link: string, i: number, hour: number, pass: number): HourCounts => ({
  linkId: link,
  workspaceId: WS,
  hour,
  clicks: 1,
  bots: 0,
  combos: new Map([[COMBOS[(i + pass) % COMBOS.length]!, 1]]),
});
const eventOf = (link: string, i: number, at: number, pass: number): ClickEvent => ({
  at,
  linkId: link,
  workspaceId: WS,
  combo: COMBOS[(i + pass) % COMBOS.length]!,
});

/** CPU µs per click of one flush of these chunks by `ops` (this thread only: the writer runs here). */
function cpuPerClick(ops: ReturnType<typeof clickWriter>, cs: FlushChunk[], clicks: number): number {
  const before = process.threadCpuUsage();
  ops.flush(cs);
  const used = process.threadCpuUsage(before);
  return (used.user + used.system) / clicks;
}

/** CPU µs per recorded visit: the links visited in turn, flushed VISITS_PER_FLUSH at a time (the open rows exist: updates). */
async function visits(ops: ReturnType<typeof clickWriter>, links: string[], hour: number, pass: number): Promise<number> {
  let used = 0;
  for (let from = 0; from < links.length; from += VISITS_PER_FLUSH) {
    const slice = links.slice(from, from + VISITS_PER_FLUSH);
    const cs = await chunks(
      slice.map((l, i) => hourOf(l, i, hour, pass)),
      slice.map((l, i) => eventOf(l, i, hour + 1000 + from + i, pass)),
    );
    used += cpuPerClick(ops, cs, links.length);
  }
  return used;
}

/** The same visits as records (docs/adr/0196): the writer counts them into link-hours, then writes as above. */
async function visitRecords(ops: ReturnType<typeof clickWriter>, links: string[], hour: number, pass: number): Promise<number> {
  let used = 0;
  for (let from = 0; from < links.length; from += VISITS_PER_FLUSH) {
    const slice = links.slice(from, from + VISITS_PER_FLUSH);
    const v: VisitRecords = {
      at: slice.map((_, i) => hour + 1000 + from + i),
      linkIds: slice,
      workspaceIds: slice.map(() => WS),
      keys: slice.map((_, i) => COMBOS[(i + pass) % COMBOS.length]!),
      events: slice.map(() => 1),
    };
    const cs: VisitChunk[] = [];
    for await (const c of visitChunks(`bench-${++flushes}`, v, true)) cs.push(c);
    const before = process.threadCpuUsage();
    for (const c of cs) ops.flushVisits(c);
    const t = process.threadCpuUsage(before);
    used += (t.user + t.system) / links.length;
  }
  return used;
}

const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchClickWriter(dir: string, say: (s: string) => void): Promise<void> {
  say(`\nSQLite click writer alone, in process (${LINKS.toLocaleString('en')} links with random ids, one workspace; CPU µs per click, median of ${PASSES})`);
  const figures = { fresh: [] as number[], update: [] as number[], cold: [] as number[], event: [] as number[], visit: [] as number[], record: [] as number[] };
  for (let p = 0; p < PASSES; p++) {
    const sub = mkdtempSync(join(dir, 'writer-'));
    const file = join(sub, 'lsk.db');
    const main = new SqliteConnection(file);
    main.migrate();
    const conn = new SqliteConnection(file, { side: 'writer', gate: newWriteGate() });
    const links = Array.from({ length: LINKS }, () => newId('lnk'));
    const hour = Date.UTC(2026, 10, 20, 10 + p);
    const hours = (pass: number) => links.map((l, i) => hourOf(l, i, hour, pass));
    const ops = clickWriter(conn);
    // Combinations interned before timing (a running server has met them).
    ops.flush(
      await chunks(
        [],
        COMBOS.map((_, i) => eventOf(links[i]!, i, hour - 3_600_000, 0)),
      ),
    );
    figures.fresh.push(cpuPerClick(ops, await chunks(hours(0), []), LINKS));
    figures.update.push(cpuPerClick(ops, await chunks(hours(1), []), LINKS));
    figures.cold.push(cpuPerClick(clickWriter(conn), await chunks(hours(2), []), LINKS));
    figures.event.push(
      cpuPerClick(
        ops,
        await chunks(
          [],
          links.map((l, i) => eventOf(l, i, hour + i, p)),
        ),
        LINKS,
      ),
    );
    figures.visit.push(await visits(ops, links, hour, 3));
    figures.record.push(await visitRecords(ops, links, hour, 4));
    conn.close();
    main.close();
    rmSync(sub, { recursive: true, force: true });
  }
  say(`  a new open link-hour                          ${mid(figures.fresh).toFixed(1)} µs`);
  say(`  an update of an open link-hour it wrote       ${mid(figures.update).toFixed(1)} µs`);
  say(`  the same update by a writer that had not seen it ${mid(figures.cold).toFixed(1)} µs`);
  say(`  a click event row                             ${mid(figures.event).toFixed(1)} µs`);
  say(`  a recorded visit (its open row's update and its event; flushes of ${VISITS_PER_FLUSH.toLocaleString('en')}) ${mid(figures.visit).toFixed(1)} µs`);
  say(`  the same visit handed over as a record (counted by the writer, then written alike) ${mid(figures.record).toFixed(1)} µs`);
}
