/**
 * The open rows the click writer remembers (sqlite-open-rows.ts), held in typed arrays: no object,
 * string or array per row for a row of one combination (docs/adr/0204). A row is its workspace (an
 * index into the workspaces met), its hour, its link id's characters (up to LINK_MAX of them, each
 * under 128: the ids lsk makes are 24), clicks and bots, and its first combination id and count;
 * further combinations of a row sit in a small array of id and count pairs beside it. Rows are dense
 * (0..size-1) and found through an open-addressing hash index of row numbers (linear probing,
 * deletion by backward shift). When full, a new row takes the place of one drawn at random, as
 * RandomEvictMap does for the other bounded caches (docs/adr/0096).
 */
export const LINK_MAX = 31;
/** Bytes per row in the link ids' slab: the length, then the characters. */
const STRIDE = LINK_MAX + 1;
/** Workspaces met are numbered; past this many the table starts afresh (a bound on the names held). */
const WORKSPACES_MAX = 65_536;
const NONE = -1;

/** Whether a link id can be held (else its row is not remembered: the writer merges it in SQL). */
export function holdable(link: string): boolean {
  if (link.length > LINK_MAX) return false;
  for (let i = 0; i < link.length; i++) if (link.charCodeAt(i) > 127) return false;
  return true;
}

/** FNV-1a over the key, then a final mix (so the low bits the index uses depend on every character). */
function hashOf(ws: number, hour: number, link: string): number {
  let h = Math.imul(0x811c9dc5 ^ ws, 0x01000193);
  h = Math.imul(h ^ (hour | 0), 0x01000193);
  h = Math.imul(h ^ ((hour / 4294967296) | 0), 0x01000193);
  for (let i = 0; i < link.length; i++) h = Math.imul(h ^ link.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h | 0;
}

export class OpenRowTable {
  /** Rows held (0..size-1). */
  size = 0;
  private readonly mask: number;
  /** Hash index: row number + 1, 0 for an empty slot. */
  private readonly index: Int32Array;
  private readonly hashes: Int32Array;
  private readonly ws: Int32Array;
  private readonly hours: Float64Array;
  private readonly links: Uint8Array;
  readonly clicks: Float64Array;
  readonly bots: Float64Array;
  private readonly combo: Float64Array;
  private readonly count: Float64Array;
  /** A row's combinations after its first, as id and count pairs (only rows that have more than one). */
  private readonly more = new Map<number, number[]>();
  private readonly wsIds = new Map<string, number>();

  constructor(
    readonly max: number,
    private readonly random: () => number = Math.random,
  ) {
    let slots = 8;
    while (slots < max * 2.5) slots *= 2;
    this.mask = slots - 1;
    this.index = new Int32Array(slots);
    this.hashes = new Int32Array(max);
    this.ws = new Int32Array(max);
    this.hours = new Float64Array(max);
    this.links = new Uint8Array(max * STRIDE);
    this.clicks = new Float64Array(max);
    this.bots = new Float64Array(max);
    this.combo = new Float64Array(max);
    this.count = new Float64Array(max);
  }

  /** The row of this key, or -1. */
  find(ws: string, hour: number, link: string): number {
    const w = this.wsIds.get(ws);
    if (w === undefined || link.length > LINK_MAX) return NONE;
    const h = hashOf(w, hour, link);
    for (let s = h & this.mask; ; s = (s + 1) & this.mask) {
      const v = this.index[s]!;
      if (v === 0) return NONE;
      const r = v - 1;
      if (this.hashes[r] === h && this.ws[r] === w && this.hours[r] === hour && this.linkIs(r, link)) return r;
    }
  }

  /** Hold a row not held (the caller found none; `holdable(link)`): its counts from these pairs. */
  put(ws: string, hour: number, link: string, clicks: number, bots: number, pairs: readonly number[]): void {
    let w = this.wsIds.get(ws);
    if (w === undefined) {
      if (this.wsIds.size >= WORKSPACES_MAX) this.clear();
      w = this.wsIds.size;
      this.wsIds.set(ws, w);
    }
    let r = this.size;
    if (r === this.max) {
      r = Math.floor(this.random() * this.max);
      this.unindex(r);
      this.more.delete(r);
    } else this.size++;
    const h = hashOf(w, hour, link);
    this.hashes[r] = h;
    this.ws[r] = w;
    this.hours[r] = hour;
    const at = r * STRIDE;
    this.links[at] = link.length;
    for (let i = 0; i < link.length; i++) this.links[at + 1 + i] = link.charCodeAt(i);
    this.clicks[r] = clicks;
    this.bots[r] = bots;
    this.combo[r] = NONE;
    this.count[r] = 0;
    this.addPairs(r, pairs);
    let s = h & this.mask;
    while (this.index[s] !== 0) s = (s + 1) & this.mask;
    this.index[s] = r + 1;
  }

  /** Add counts to a row held. */
  add(r: number, clicks: number, bots: number, pairs: readonly number[]): void {
    this.clicks[r]! += clicks;
    this.bots[r]! += bots;
    this.addPairs(r, pairs);
  }

  /** A row's counts by combination as the `c` column's JSON. */
  countsJson(r: number): string {
    if (this.combo[r] === NONE) return '{}';
    let out = `{"${this.combo[r]}":${this.count[r]}`;
    const more = this.more.get(r);
    if (more) for (let i = 0; i < more.length; i += 2) out += `,"${more[i]}":${more[i + 1]}`;
    return `${out}}`;
  }

  /** Forget the row of this key, if held. */
  delete(ws: string, hour: number, link: string): void {
    const r = this.find(ws, hour, link);
    if (r === NONE) return;
    this.unindex(r);
    this.more.delete(r);
    const last = --this.size;
    if (r !== last) this.move(last, r);
  }

  clear(): void {
    this.index.fill(0);
    this.more.clear();
    this.wsIds.clear();
    this.size = 0;
  }

  private addPairs(r: number, pairs: readonly number[]): void {
    for (let i = 0; i < pairs.length; i += 2) {
      const id = pairs[i]!;
      if (this.combo[r] === NONE) {
        this.combo[r] = id;
        this.count[r] = pairs[i + 1]!;
      } else if (this.combo[r] === id) this.count[r]! += pairs[i + 1]!;
      else this.addMore(r, id, pairs[i + 1]!);
    }
  }

  private addMore(r: number, id: number, n: number): void {
    const more = this.more.get(r);
    if (!more) {
      this.more.set(r, [id, n]);
      return;
    }
    for (let j = 0; j < more.length; j += 2) {
      if (more[j] === id) {
        more[j + 1]! += n;
        return;
      }
    }
    more.push(id, n);
  }

  private linkIs(r: number, link: string): boolean {
    const at = r * STRIDE;
    if (this.links[at] !== link.length) return false;
    for (let i = 0; i < link.length; i++) if (this.links[at + 1 + i] !== link.charCodeAt(i)) return false;
    return true;
  }

  /** The index slot holding row r. */
  private slotOf(r: number): number {
    let s = this.hashes[r]! & this.mask;
    while (this.index[s] !== r + 1) s = (s + 1) & this.mask;
    return s;
  }

  /** Take row r out of the index; the rows after it in its probe run shift back over the gap. */
  private unindex(r: number): void {
    const { index, mask } = this;
    let gap = this.slotOf(r);
    for (let j = (gap + 1) & mask; index[j] !== 0; j = (j + 1) & mask) {
      const home = this.hashes[index[j]! - 1]! & mask;
      // The entry at j may fill the gap unless its home lies cyclically in (gap, j].
      const stays = gap <= j ? gap < home && home <= j : gap < home || home <= j;
      if (!stays) {
        index[gap] = index[j]!;
        gap = j;
      }
    }
    index[gap] = 0;
  }

  /** Row `from` moves to row `to` (a row deleted there): its data, its extra pairs, its index slot. */
  private move(from: number, to: number): void {
    this.index[this.slotOf(from)] = to + 1;
    this.hashes[to] = this.hashes[from]!;
    this.ws[to] = this.ws[from]!;
    this.hours[to] = this.hours[from]!;
    this.links.copyWithin(to * STRIDE, from * STRIDE, (from + 1) * STRIDE);
    this.clicks[to] = this.clicks[from]!;
    this.bots[to] = this.bots[from]!;
    this.combo[to] = this.combo[from]!;
    this.count[to] = this.count[from]!;
    const more = this.more.get(from);
    if (more) {
      this.more.set(to, more);
      this.more.delete(from);
    }
  }
}
