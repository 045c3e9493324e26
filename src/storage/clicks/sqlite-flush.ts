import type { SqliteConnection } from '../sqlite/connection.js';
import { EVENT_NUMS, type FlushChunk, rowOf, type WireChunk, wireChunk } from './flush-wire.js';
import { flushLedger } from './sqlite-flush-ledger.js';
import type { OpenRows } from './sqlite-open-rows.js';
import type { ComboDictionary } from './sqlite-sheets.js';

/**
 * Rows per transaction. The main thread's writes wait for the writer's transaction in progress,
 * holding the event loop (docs/adr/0103), so each is a few milliseconds of work.
 */
export const FLUSH_PART = 100;
/** Events per transaction when a part holds events only: an event row costs about a third of a link-hour's. */
export const EVENT_PART = 250;

/**
 * A chunk's rows in the open table's key order (workspace, hour, link; workspaces by their rank in
 * the chunk's list): a part's rows then share B-tree pages where their keys are near (docs/adr/0183).
 * The order depends on the chunk alone, so a retried chunk splits into the same parts.
 */
function inKeyOrder(ch: WireChunk): number[] {
  const rank = new Array<number>(ch.w.length);
  ch.w
    .map((ws, i) => [ws, i] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .forEach(([, i], r) => {
      rank[i] = r;
    });
  const { rows, rowAt, r: links } = ch;
  const order = Array.from({ length: links.length }, (_, i) => i);
  return order.sort((a, b) => {
    const x = rowAt[a]!;
    const y = rowAt[b]!;
    return rank[rows[x + 1]!]! - rank[rows[y + 1]!]! || rows[x]! - rows[y]! || (links[a]! < links[b]! ? -1 : links[a]! > links[b]! ? 1 : 0);
  });
}

/**
 * Combination ids of one chunk's (workspace, key) pairs by their indexes in its lists: each pair is
 * interned once per chunk, not once per link-hour and event (a key is a few hundred characters to
 * join to its workspace and hash on each lookup).
 */
class ChunkCombos {
  private readonly ids = new Map<number, number>();

  constructor(
    private readonly dict: ComboDictionary,
    private readonly ch: WireChunk,
  ) {}

  id(ws: number, key: number): number {
    const slot = ws * this.ch.k.length + key;
    let id = this.ids.get(slot);
    if (id === undefined) {
      id = this.dict.intern(this.ch.w[ws]!, this.ch.k[key]!);
      this.ids.set(slot, id);
    }
    return id;
  }
}

/**
 * A chunk's parts: [link-hours from, to, events from, to] each. A chunk that fits in one part is
 * written in one transaction; a larger one writes its link-hours first, FLUSH_PART a part, then its
 * events, EVENT_PART a part, so that every event committed has its link-hour's open row committed
 * with it or before it (a page of events scoped to a few links finds their hours through those
 * rows). The parts depend on the chunk alone, so a retried chunk splits into the same parts.
 */
export function partsOf(rows: number, events: number): [number, number, number, number][] {
  if (rows <= FLUSH_PART && events <= FLUSH_PART) return [[0, rows, 0, events]];
  const parts: [number, number, number, number][] = [];
  for (let from = 0; from < rows; from += FLUSH_PART) parts.push([from, Math.min(from + FLUSH_PART, rows), 0, 0]);
  for (let from = 0; from < events; from += EVENT_PART) parts.push([0, 0, from, Math.min(from + EVENT_PART, events)]);
  return parts;
}

/**
 * The writer's side of a flush (on its connection): each chunk in parts (`partsOf`), one transaction
 * each, the link-hours in key order. A part's id (the chunk's and its number) is kept in
 * `click_flushes` in its transaction, so a retried chunk skips the parts written and writes the rest
 * exactly once.
 */
export function chunkFlusher(conn: SqliteConnection, dict: ComboDictionary, open: OpenRows) {
  const ledger = flushLedger(conn);

  /** One part of a chunk (in the caller's transaction); skipped when applied before (a retry). */
  function applyPart(id: string, ch: WireChunk, combos: ChunkCombos, rows: readonly number[], from: number, to: number): void {
    const now = Date.now();
    if (!ledger.first(id, now)) return;
    for (const i of rows) {
      const { hour, ws, clicks, bots, pairs } = rowOf(ch, i);
      for (let j = 0; j < pairs.length; j += 2) pairs[j] = combos.id(ws, pairs[j]!);
      open.add(ch.w[ws]!, hour, ch.r[i]!, clicks, bots, pairs);
    }
    ledger.events(to - from, (i, eventId) => {
      const at = (from + i) * EVENT_NUMS;
      const ws = ch.events[at + 1]!;
      return [ch.w[ws]!, ch.events[at]!, eventId, ch.e[from + i]!, combos.id(ws, ch.events[at + 2]!)];
    });
    ledger.applied(now);
  }

  return (chunks: readonly FlushChunk[]): void => {
    for (const chunk of chunks) {
      const ch = wireChunk(chunk);
      const rows = inKeyOrder(ch);
      const combos = new ChunkCombos(dict, ch);
      const parts = partsOf(rows.length, ch.e.length);
      for (let p = 0; p < parts.length; p++) {
        const id = parts.length === 1 ? chunk.id : `${chunk.id}.${p}`;
        const [from, to, eventsFrom, eventsTo] = parts[p]!;
        try {
          conn.tx(() => applyPart(id, ch, combos, rows.slice(from, to), eventsFrom, eventsTo));
        } catch (e) {
          // The rows and combinations it added in the failed transaction were rolled back.
          open.forgetAll();
          dict.forgetAll();
          throw e;
        }
      }
    }
  };
}
