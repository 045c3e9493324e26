import { countAtOrBelow } from '../../domain/sorted.js';
import type { ClickEvent, HourCounts } from './repository.js';
import { nextTurn, SLICE } from './turns.js';

/**
 * One part of a flush as UTF-8 JSON in a buffer of its own, handed to the writer thread by transfer
 * (no copy, no structured clone of thousands of objects on the event loop). Combination keys and
 * workspace ids are listed once per chunk and referred to by index: a key is a few hundred bytes of
 * JSON and the same few keys recur across link-hours and events, so the chunk is several times
 * smaller than one that spells them out (less to encode, less garbage to collect).
 */
export interface FlushChunk {
  /** Unique per chunk and flush: a chunk applied once is skipped when sent again. */
  id: string;
  /** JSON `{"k": [comboKey...], "w": [workspace...], "r": [WireRow...], "e": [WireEvent...]}`. */
  data: Uint8Array;
}

/** A link-hour on the wire: link, hour, workspace index, clicks, bots, then key index and count pairs. */
export type WireRow = [string, number, number, number, number, number[]];
/** An event on the wire: at, link, workspace index, key index. */
export type WireEvent = [number, string, number, number];

export type OpenRow = [string, number, string, number, number, Record<string, number>];
export type EventRow = [number, string, string, string];

/** Link-hours (or events) per chunk, each chunk one transaction of the writer. */
export const FLUSH_CHUNK = 4000;
const utf8 = new TextEncoder();

/** Strings listed once, by first use. */
class Table {
  readonly list: string[] = [];
  private readonly index = new Map<string, number>();
  of(s: string): number {
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.list.push(s) - 1;
      this.index.set(s, i);
    }
    return i;
  }
}

/** Link ids sampled from a flush to find where to cut it into ranges of about FLUSH_CHUNK. */
const SAMPLE = 256;
/** Link-hours looked at between two turns of the event loop while grouping them (a few µs each at most). */
const GROUP_SLICE = 10 * SLICE;

/**
 * The link-hours grouped into ranges of link ids of about FLUSH_CHUNK each, the ranges in id order,
 * each in its given order: the cuts come from a sample of SAMPLE ids taken at fixed positions, then
 * a counting sort by range (a binary search among the cuts per link-hour, no sort of the whole),
 * letting the event loop turn every GROUP_SLICE link-hours. A chunk's link-hours then cover a range
 * of the open table rather than the whole of it, whatever the ids (random, or in creation order and
 * visited in any order): the writer updates their open rows in key order, and a part's rows share
 * B-tree pages (each page a part dirties is written to the WAL and copied back by the next
 * checkpoint: docs/adr/0183). Depends on the link-hours alone (a retry gives the same chunks).
 */
export async function byLinkRange(hours: readonly HourCounts[]): Promise<readonly HourCounts[]> {
  const ranges = Math.ceil(hours.length / FLUSH_CHUNK);
  if (ranges <= 1) return hours;
  const step = hours.length / SAMPLE;
  const sample = Array.from({ length: SAMPLE }, (_, i) => hours[Math.floor(i * step)]!.linkId).sort();
  const cuts = Array.from({ length: ranges - 1 }, (_, r) => sample[Math.floor(((r + 1) * SAMPLE) / ranges)]!);
  const range = new Uint16Array(hours.length);
  const starts = new Uint32Array(ranges + 1);
  for (let i = 0; i < hours.length; i++) {
    if (i > 0 && i % GROUP_SLICE === 0) await nextTurn();
    const r = countAtOrBelow(cuts, hours[i]!.linkId);
    range[i] = r;
    starts[r + 1]!++;
  }
  for (let r = 1; r <= ranges; r++) starts[r]! += starts[r - 1]!;
  const out = new Array<HourCounts>(hours.length);
  for (let i = 0; i < hours.length; i++) out[starts[range[i]!]!++] = hours[i]!;
  return out;
}

/**
 * A flush's chunks, one at a time, yielding to the event loop every SLICE items: the caller hands
 * each to the writer before the next is encoded, so no step holds the loop for long. Link-hours go
 * into chunks by ranges of link ids (`byLinkRange`), events in their order. The same hours and events
 * under the same id always give the same chunks (a retry repeats the ids).
 */
export async function* flushChunks(id: string, given: readonly HourCounts[], events: readonly ClickEvent[]): AsyncGenerator<FlushChunk> {
  const hours = await byLinkRange(given);
  const n = Math.max(hours.length, events.length);
  for (let i = 0, part = 0; i < n; i += FLUSH_CHUNK, part++) {
    const keys = new Table();
    const spaces = new Table();
    const rows: string[] = [];
    const evs: string[] = [];
    const end = Math.min(i + FLUSH_CHUNK, n);
    for (let j = i; j < end; j += SLICE) {
      if (j > 0) await nextTurn();
      for (let k = j; k < Math.min(j + SLICE, end, hours.length); k++) {
        const h = hours[k]!;
        const combos: number[] = [];
        for (const [key, c] of h.combos) combos.push(keys.of(key), c);
        rows.push(JSON.stringify([h.linkId, h.hour, spaces.of(h.workspaceId), h.clicks, h.bots, combos] satisfies WireRow));
      }
      for (let k = j; k < Math.min(j + SLICE, end, events.length); k++) {
        const e = events[k]!;
        evs.push(JSON.stringify([e.at, e.linkId, spaces.of(e.workspaceId), keys.of(e.combo)] satisfies WireEvent));
      }
    }
    await nextTurn();
    const json = `{"k":${JSON.stringify(keys.list)},"w":${JSON.stringify(spaces.list)},"r":[${rows.join(',')}],"e":[${evs.join(',')}]}`;
    yield { id: `${id}:${part}`, data: utf8.encode(json) };
  }
}

/** The buffer a chunk's message transfers to the writer thread. */
export const transferOf = (c: FlushChunk): ArrayBuffer[] => [c.data.buffer as ArrayBuffer];

const text = new TextDecoder();

/** A chunk as sent: combination keys and workspaces listed once, rows and events referring to them by index. */
export interface WireChunk {
  k: string[];
  w: string[];
  r: WireRow[];
  e: WireEvent[];
}

/** A chunk's lists, back from its buffer (on the writer's side). */
export const wireChunk = (c: FlushChunk): WireChunk => JSON.parse(text.decode(c.data)) as WireChunk;

/** A chunk's rows and events, back from its buffer with keys and workspaces spelled out. */
export function decodeChunk(c: FlushChunk): { rows: OpenRow[]; events: EventRow[] } {
  const { k, w, r, e } = wireChunk(c);
  const rows = r.map(([link, hour, ws, clicks, bots, pairs]): OpenRow => {
    const combos: Record<string, number> = {};
    for (let i = 0; i < pairs.length; i += 2) combos[k[pairs[i]!]!] = pairs[i + 1]!;
    return [link, hour, w[ws]!, clicks, bots, combos];
  });
  return { rows, events: e.map(([at, link, ws, key]): EventRow => [at, link, w[ws]!, k[key]!]) };
}
