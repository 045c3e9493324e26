import type { ClickEvent, HourCounts } from './repository.js';
import { nextTurn, SLICE } from './turns.js';

/**
 * One part of a flush, its link-hours and events as UTF-8 JSON in a buffer of its own: handed to the
 * writer thread by transfer (no copy, no structured clone of thousands of objects on the event loop).
 */
export interface FlushChunk {
  /** Unique per chunk and flush: a chunk applied once is skipped when sent again. */
  id: string;
  /** JSON `[[link, hour, workspace, clicks, bots, {comboKey: n}]...]`. */
  rows: Uint8Array;
  /** JSON `[[at, link, workspace, comboKey]...]`. */
  events: Uint8Array;
}

export type OpenRow = [string, number, string, number, number, Record<string, number>];
export type EventRow = [number, string, string, string];

/** Link-hours (or events) per chunk, each chunk one transaction of the writer. */
export const FLUSH_CHUNK = 4000;
const utf8 = new TextEncoder();

/**
 * A flush's chunks, one at a time, yielding to the event loop every SLICE items: the caller hands
 * each to the writer before the next is encoded, so no step holds the loop for long. The same
 * hours and events under the same id always give the same chunks (a retry repeats the ids).
 */
export async function* flushChunks(id: string, hours: readonly HourCounts[], events: readonly ClickEvent[]): AsyncGenerator<FlushChunk> {
  const n = Math.max(hours.length, events.length);
  for (let i = 0, part = 0; i < n; i += FLUSH_CHUNK, part++) {
    const rows: string[] = [];
    const evs: string[] = [];
    const end = Math.min(i + FLUSH_CHUNK, n);
    for (let j = i; j < end; j += SLICE) {
      if (j > 0) await nextTurn();
      for (let k = j; k < Math.min(j + SLICE, end, hours.length); k++) {
        const h = hours[k]!;
        rows.push(JSON.stringify([h.linkId, h.hour, h.workspaceId, h.clicks, h.bots, Object.fromEntries(h.combos)] satisfies OpenRow));
      }
      for (let k = j; k < Math.min(j + SLICE, end, events.length); k++) {
        const e = events[k]!;
        evs.push(JSON.stringify([e.at, e.linkId, e.workspaceId, e.combo] satisfies EventRow));
      }
    }
    yield { id: `${id}:${part}`, rows: utf8.encode(`[${rows.join(',')}]`), events: utf8.encode(`[${evs.join(',')}]`) };
  }
}

/** The buffers a chunk's message transfers to the writer thread. */
export const transferOf = (c: FlushChunk): ArrayBuffer[] => [c.rows.buffer as ArrayBuffer, c.events.buffer as ArrayBuffer];

const text = new TextDecoder();

/** A chunk's rows and events, back from its buffers (on the writer's side). */
export function decodeChunk(c: FlushChunk): { rows: OpenRow[]; events: EventRow[] } {
  return { rows: JSON.parse(text.decode(c.rows)) as OpenRow[], events: JSON.parse(text.decode(c.events)) as EventRow[] };
}
