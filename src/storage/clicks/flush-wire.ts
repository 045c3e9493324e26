import type { ClickEvent, HourCounts } from './repository.js';

/**
 * One part of a flush as it goes to the writer thread, in three buffers handed over by transfer (no
 * copy, no structured clone of thousands of objects): the chunk's strings as one UTF-8 JSON text,
 * and its numbers in two arrays of doubles, the link-hours' and the events'. Combination keys and
 * workspace ids are listed once per chunk and referred to by index (a key is a few hundred bytes and
 * the same few recur); link ids are listed in order, one per link-hour and one per event. Numbers
 * never become text: the event loop formats no timestamp or count, the writer parses none, and
 * neither side makes an array per link-hour or event (docs/adr/0190).
 */
export interface FlushChunk {
  /** Unique per chunk and flush: a chunk applied once is skipped when sent again. */
  id: string;
  /** JSON `{"k": [comboKey...], "w": [workspace...], "r": [link of each link-hour...], "e": [link of each event...]}`. */
  text: Uint8Array;
  /** Per link-hour: hour, workspace index, clicks, bots, number of combinations, then key index and count pairs. */
  rows: Float64Array;
  /** Per event: at, workspace index, key index. */
  events: Float64Array;
}

export type OpenRow = [string, number, string, number, number, Record<string, number>];
export type EventRow = [number, string, string, string];

/** Numbers per event in `FlushChunk.events`. */
export const EVENT_NUMS = 3;
/** Numbers of a link-hour before its pairs. */
const ROW_HEAD = 5;
const utf8 = new TextEncoder();
const text = new TextDecoder();

/** Strings listed once, by first use; the string asked for last is answered without a lookup (runs of one workspace, one combination). */
export class Table {
  readonly list: string[] = [];
  private readonly index = new Map<string, number>();
  private last: string | null = null;
  private lastAt = 0;
  of(s: string): number {
    if (s === this.last) return this.lastAt;
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.list.push(s) - 1;
      this.index.set(s, i);
    }
    this.last = s;
    this.lastAt = i;
    return i;
  }
}

/** A copy of the first `used` numbers with room for `need` more (at least twice the room). */
function grown(a: Float64Array, used: number, need: number): Float64Array {
  const next = new Float64Array(Math.max(a.length * 2, used + need));
  next.set(a.subarray(0, used));
  return next;
}

/** Builds one chunk: link-hours and events added in order, then `done`. */
export class ChunkEncoder {
  private readonly keys = new Table();
  private readonly spaces = new Table();
  private readonly rowLinks: string[] = [];
  private readonly eventLinks: string[] = [];
  private rows: Float64Array;
  private n = 0;
  private events: Float64Array;
  private e = 0;

  /** `rows` and `events`: about how many of each the chunk will hold (its arrays grow past that). */
  constructor(rows: number, events: number) {
    this.rows = new Float64Array(Math.max(8, rows * (ROW_HEAD + 2)));
    this.events = new Float64Array(events * EVENT_NUMS);
  }

  row(h: HourCounts): void {
    // A link-hour of one combination (nearly all) is written without making its Map of combinations.
    const only = h.onlyKey ?? null;
    const combos = only === null ? h.combos : null;
    const size = combos === null ? 1 : combos.size;
    if (this.n + ROW_HEAD + 2 * size > this.rows.length) this.rows = grown(this.rows, this.n, ROW_HEAD + 2 * size);
    const r = this.rows;
    let at = this.n;
    this.rowLinks.push(h.linkId);
    r[at++] = h.hour;
    r[at++] = this.spaces.of(h.workspaceId);
    r[at++] = h.clicks;
    r[at++] = h.bots;
    r[at++] = size;
    if (combos === null) {
      r[at++] = this.keys.of(only!);
      r[at++] = h.onlyCount!;
    } else {
      for (const [key, c] of combos) {
        r[at++] = this.keys.of(key);
        r[at++] = c;
      }
    }
    this.n = at;
  }

  event(ev: ClickEvent): void {
    if (this.e + EVENT_NUMS > this.events.length) this.events = grown(this.events, this.e, EVENT_NUMS);
    this.eventLinks.push(ev.linkId);
    const at = this.e;
    this.events[at] = ev.at;
    this.events[at + 1] = this.spaces.of(ev.workspaceId);
    this.events[at + 2] = this.keys.of(ev.combo);
    this.e = at + EVENT_NUMS;
  }

  done(id: string): FlushChunk {
    const json = `{"k":${JSON.stringify(this.keys.list)},"w":${JSON.stringify(this.spaces.list)},"r":${JSON.stringify(this.rowLinks)},"e":${JSON.stringify(this.eventLinks)}}`;
    return { id, text: utf8.encode(json), rows: this.rows.subarray(0, this.n), events: this.events.subarray(0, this.e) };
  }
}

/** The buffers a chunk's message transfers to the writer thread. */
export const transferOf = (c: FlushChunk): ArrayBuffer[] => [c.text.buffer as ArrayBuffer, c.rows.buffer as ArrayBuffer, c.events.buffer as ArrayBuffer];

/** A chunk as read on the writer's side: its string lists, its numbers, and where each link-hour's numbers start. */
export interface WireChunk {
  k: string[];
  w: string[];
  /** Link of each link-hour, and of each event. */
  r: string[];
  e: string[];
  rows: Float64Array;
  events: Float64Array;
  /** Index in `rows` of link-hour i's numbers. */
  rowAt: Uint32Array;
}

export function wireChunk(c: FlushChunk): WireChunk {
  const { k, w, r, e } = JSON.parse(text.decode(c.text)) as Pick<WireChunk, 'k' | 'w' | 'r' | 'e'>;
  const rowAt = new Uint32Array(r.length);
  for (let i = 0, at = 0; i < r.length; i++) {
    rowAt[i] = at;
    at += ROW_HEAD + 2 * c.rows[at + 4]!;
  }
  return { k, w, r, e, rows: c.rows, events: c.events, rowAt };
}

/** Link-hour i of a chunk: its hour, workspace index, clicks, bots, and key index and count pairs. */
export function rowOf(ch: WireChunk, i: number): { hour: number; ws: number; clicks: number; bots: number; pairs: number[] } {
  const at = ch.rowAt[i]!;
  const r = ch.rows;
  const pairs = new Array<number>(2 * r[at + 4]!);
  for (let j = 0; j < pairs.length; j++) pairs[j] = r[at + ROW_HEAD + j]!;
  return { hour: r[at]!, ws: r[at + 1]!, clicks: r[at + 2]!, bots: r[at + 3]!, pairs };
}

/** A chunk's rows and events, back from its buffers with keys and workspaces spelled out. */
export function decodeChunk(c: FlushChunk): { rows: OpenRow[]; events: EventRow[] } {
  const ch = wireChunk(c);
  const rows = ch.r.map((link, i): OpenRow => {
    const { hour, ws, clicks, bots, pairs } = rowOf(ch, i);
    const combos: Record<string, number> = {};
    for (let j = 0; j < pairs.length; j += 2) combos[ch.k[pairs[j]!]!] = pairs[j + 1]!;
    return [link, hour, ch.w[ws]!, clicks, bots, combos];
  });
  const events = ch.e.map((link, i): EventRow => {
    const at = i * EVENT_NUMS;
    return [ch.events[at]!, link, ch.w[ch.events[at + 1]!]!, ch.k[ch.events[at + 2]!]!];
  });
  return { rows, events };
}
