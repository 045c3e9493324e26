/**
 * The SQLite click event log of a busy workspace, in process (the writer's and a reader's work on
 * this thread): 1,000 links, 1M events over 30 days, hours closed into sheets. Times a page of
 * events of a quiet link (30 clicks, one a day), of a busy link and of the workspace, and the
 * deletion of 100 busy links (what the API's delete waits for, then the purge of their events,
 * when the store has one), then of one more link alone. CPU ms of this thread: a read's mean over
 * READS (the thread's CPU clock is coarse), deletions once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { comboKey } from '../src/storage/clicks/combos.js';
import { flushChunks } from '../src/storage/clicks/flush-chunks.js';
import type { FlushChunk } from '../src/storage/clicks/flush-wire.js';
import type { ClickEvent, HourCounts } from '../src/storage/clicks/repository.js';
import { SqliteClickReads } from '../src/storage/clicks/sqlite-source.js';
import { clickWriter } from '../src/storage/clicks/sqlite-writes.js';
import { SqliteConnection } from '../src/storage/sqlite/connection.js';

const WS = 'wsp_busy';
const LINKS = 1000;
const EVENTS = 1_000_000;
const DAYS = 30;
/** Hours a busy link has clicks in (its events spread over them). */
const LINK_HOURS = 40;
const HOUR = 3_600_000;
/** Times each read is repeated. */
const READS = 10;
const COMBO = comboKey(false, { country: 'DE', device: 'desktop', domain: 'go.example' });

let flushes = 0;
async function chunks(hours: HourCounts[], events: ClickEvent[]): Promise<FlushChunk[]> {
  const out: FlushChunk[] = [];
  for await (const c of flushChunks(`events-bench-${++flushes}`, hours, events)) out.push(c);
  return out;
}

/** A small deterministic generator (the same store every run). */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

/** Link-hours and events of the workspace, flushed link by link group; returns the quiet link's id. */
async function seed(ops: ReturnType<typeof clickWriter>, end: number): Promise<void> {
  const rnd = random(7);
  const first = end - DAYS * 24 * HOUR;
  const perLink = Math.floor(EVENTS / (LINKS - 1));
  const add = async (link: string, hourStarts: number[], perHour: number) => {
    const hours: HourCounts[] = [];
    const events: ClickEvent[] = [];
    for (const hour of hourStarts) {
      hours.push({ linkId: link, workspaceId: WS, hour, clicks: perHour, bots: 0, combos: new Map([[COMBO, perHour]]) });
      for (let i = 0; i < perHour; i++) events.push({ at: hour + Math.floor(rnd() * HOUR), linkId: link, workspaceId: WS, combo: COMBO });
    }
    ops.flush(await chunks(hours, events));
  };
  for (let l = 1; l < LINKS; l++) {
    const hs = new Set<number>();
    while (hs.size < LINK_HOURS) hs.add(first + Math.floor(rnd() * DAYS * 24) * HOUR);
    await add(`lnk_${l}`, [...hs], Math.ceil(perLink / LINK_HOURS));
  }
  await add(
    'lnk_0',
    Array.from({ length: DAYS }, (_, d) => first + d * 24 * HOUR + 12 * HOUR),
    1,
  );
  while (ops.closeHours(end + 2 * HOUR) > 0);
}

function cpuMs(fn: () => unknown): number {
  const before = process.threadCpuUsage();
  fn();
  const used = process.threadCpuUsage(before);
  return (used.user + used.system) / 1000;
}

export async function benchEventLog(dir: string, say: (s: string) => void): Promise<void> {
  say(
    `\nSQLite click events of a busy workspace, in process (${LINKS.toLocaleString('en')} links, ${EVENTS.toLocaleString('en')} events over ${DAYS} days; CPU ms)`,
  );
  const sub = mkdtempSync(join(dir, 'events-'));
  try {
    const conn = new SqliteConnection(join(sub, 'lsk.db'));
    conn.migrate();
    const ops = clickWriter(conn);
    const end = Date.now() - (Date.now() % HOUR) - 2 * HOUR;
    const t0 = process.hrtime.bigint();
    await seed(ops, end);
    say(`  seeded in ${(Number(process.hrtime.bigint() - t0) / 1e9).toFixed(1)} s`);
    const reads = new SqliteClickReads(conn);
    const window = { workspaceId: WS, from: end - 90 * 24 * HOUR, to: end + 3 * HOUR };
    const page = async (q: object) => {
      let n = 0;
      // The read's awaits settle at once (its rows are read synchronously): nothing else runs meanwhile.
      const before = process.threadCpuUsage();
      for (let i = 0; i < READS; i++) n = (await reads.events({ ...window, limit: 50, ...q })).events.length;
      const used = process.threadCpuUsage(before);
      return `${((used.user + used.system) / 1000 / READS).toFixed(2)} ms (${n} events)`;
    };
    say(`  a page of 50 events of a quiet link (30 clicks in 30 days)   ${await page({ linkIds: ['lnk_0'] })}`);
    say(`  a page of 50 events of a busy link                           ${await page({ linkIds: ['lnk_5'] })}`);
    say(`  a page of 50 events of the workspace                         ${await page({})}`);
    const doomed = Array.from({ length: 100 }, (_, i) => `lnk_${i + 1}`);
    const forget = cpuMs(() => {
      for (const l of doomed) ops.forget(WS, l);
    });
    const purgeOps = ops as { purgeEvents?: (windows: number) => boolean };
    const purge = purgeOps.purgeEvents
      ? cpuMs(() => {
          while (purgeOps.purgeEvents!(4));
        })
      : 0;
    const left = conn.db.prepare(`SELECT count(*) FROM click_events WHERE workspace_id = ? AND link_id IN (${doomed.map(() => '?').join(',')})`).pluck();
    say(
      `  deleting 100 busy links: the deletes ${forget.toFixed(0)} ms, then the purge of their events ${purge.toFixed(0)} ms (${left.get(WS, ...doomed)} events left)`,
    );
    const one = cpuMs(() => {
      ops.forget(WS, 'lnk_200');
      while (purgeOps.purgeEvents?.(4));
    });
    say(`  deleting one more busy link, its events purged alone: ${one.toFixed(0)} ms`);
    conn.close();
  } finally {
    rmSync(sub, { recursive: true, force: true });
  }
}
