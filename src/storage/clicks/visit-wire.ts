import { Table } from './flush-wire.js';
import { linkRangeOrder } from './link-ranges.js';
import type { VisitRecords } from './repository.js';
import { nextTurn } from './turns.js';

/**
 * Visit records as they go to the SQLite writer thread (docs/adr/0196), a flush in chunks of
 * VISIT_CHUNK, each in two buffers handed over by transfer: its strings as one UTF-8 JSON text
 * (combination keys and workspaces listed once per chunk, the link of each visit in order) and its
 * numbers in an array of doubles. The writer counts each chunk into link-hours and writes it. A
 * flush larger than a chunk is cut by ranges of link ids (`linkRangeOrder`, docs/adr/0199), each
 * range's visits in their order: a chunk's open rows then share B-tree pages instead of lying all
 * over the table. A visit's link-hour and its event stay in one chunk (they are one record).
 */
export interface VisitChunk {
  /** The flush's id (the same on a retry). */
  flush: string;
  /** The chunk's place in the flush (0 first). */
  index: number;
  /** JSON `{"k": [comboKey...], "w": [workspace...], "l": [link of each visit...]}`. */
  text: Uint8Array;
  /** Per visit: at, workspace index, key index, 1 when it is a click event (else 0). */
  nums: Float64Array;
}

/** Numbers per visit in `VisitChunk.nums`. */
export const VISIT_NUMS = 4;
/** Visits per chunk. */
export const VISIT_CHUNK = 4000;
/** Visits encoded between two turns of the event loop. */
const TURN = 1000;
const utf8 = new TextEncoder();
const text = new TextDecoder();

/** One flush's visits in chunks, one at a time, letting the event loop turn every TURN visits; `events` false: no visit is an event. */
export async function* visitChunks(flush: string, v: VisitRecords, events: boolean): AsyncGenerator<VisitChunk> {
  const n = v.at.length;
  const order = await linkRangeOrder(n, (i) => v.linkIds[i]!, VISIT_CHUNK);
  for (let from = 0, index = 0; from < n; from += VISIT_CHUNK, index++) {
    const to = Math.min(from + VISIT_CHUNK, n);
    const keys = new Table();
    const spaces = new Table();
    const nums = new Float64Array((to - from) * VISIT_NUMS);
    const links = new Array<string>(to - from);
    for (let p = from, at = 0; p < to; p++, at += VISIT_NUMS) {
      if (p > from && (p - from) % TURN === 0) await nextTurn();
      const i = order === null ? p : order[p]!;
      nums[at] = v.at[i]!;
      nums[at + 1] = spaces.of(v.workspaceIds[i]!);
      nums[at + 2] = keys.of(v.keys[i]!);
      nums[at + 3] = events ? v.events[i]! : 0;
      links[p - from] = v.linkIds[i]!;
    }
    const json = `{"k":${JSON.stringify(keys.list)},"w":${JSON.stringify(spaces.list)},"l":${JSON.stringify(links)}}`;
    yield { flush, index, text: utf8.encode(json), nums };
    if (to < n) await nextTurn();
  }
}

/** The buffers a chunk's message transfers to the writer thread. */
export const visitTransfer = (c: VisitChunk): ArrayBuffer[] => [c.text.buffer as ArrayBuffer, c.nums.buffer as ArrayBuffer];

/** A chunk's string lists as the writer reads them. */
export function visitStrings(c: VisitChunk): { k: string[]; w: string[]; l: string[] } {
  return JSON.parse(text.decode(c.text)) as { k: string[]; w: string[]; l: string[] };
}
