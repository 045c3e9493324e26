import type { ComboSet, Counts } from './engine/source.js';

/** Which combination ids a read counts: 1 a person's, 2 a bot's, 0 (or absent) not counted. */
export interface CountedIds {
  get(id: number): number;
}

/** A workspace's ids spread over more than this are looked up in a map rather than a table indexed by id. */
const TABLE_SPAN = 1 << 20;

/** The counted set (ids as strings) as a lookup by numeric id: a byte table over the ids' span when it is small enough. */
export function countedIds(set: ComboSet): CountedIds {
  let min = Number.POSITIVE_INFINITY;
  let max = 0;
  for (const id of set.keys()) {
    const n = Number(id);
    min = Math.min(min, n);
    max = Math.max(max, n);
  }
  if (set.size > 0 && Number.isSafeInteger(min) && Number.isSafeInteger(max) && max - min < TABLE_SPAN) {
    const table = new Uint8Array(max - min + 1);
    for (const [id, bot] of set) table[Number(id) - min] = bot ? 2 : 1;
    return { get: (id) => (id >= min && id <= max ? table[id - min]! : 0) };
  }
  const map = new Map<number, number>([...set].map(([id, bot]) => [Number(id), bot ? 2 : 1]));
  return { get: (id) => map.get(id) ?? 0 };
}

const QUOTE = 34;
const COLON = 58;
const COMMA = 44;
const MINUS = 45;
const ZERO = 48;
const NINE = 57;

/**
 * People's and bots' visits in a count map's JSON text (`{"12":3,"40":1}`, as SQLite sheets store
 * them) summed over the counted ids, read in one pass without building the object (docs/adr/0102):
 * parsing every link's maps into objects was most of a filtered read by link. Text of any other
 * shape answers null (the caller parses it).
 */
export function sumCounted(text: string, ids: CountedIds): [number, number] | null {
  const n = text.length;
  if (n < 2 || text.charCodeAt(0) !== 123 || text.charCodeAt(n - 1) !== 125) return null;
  let people = 0;
  let bots = 0;
  let i = 1;
  while (i < n - 1) {
    if (text.charCodeAt(i) !== QUOTE) return null;
    i++;
    let id = 0;
    let ch = text.charCodeAt(i);
    if (ch < ZERO || ch > NINE) return null;
    while (ch >= ZERO && ch <= NINE) {
      id = id * 10 + (ch - ZERO);
      ch = text.charCodeAt(++i);
    }
    if (ch !== QUOTE || text.charCodeAt(i + 1) !== COLON) return null;
    i += 2;
    let sign = 1;
    if (text.charCodeAt(i) === MINUS) {
      sign = -1;
      i++;
    }
    let v = 0;
    ch = text.charCodeAt(i);
    if (ch < ZERO || ch > NINE) return null;
    while (ch >= ZERO && ch <= NINE) {
      v = v * 10 + (ch - ZERO);
      ch = text.charCodeAt(++i);
    }
    if (ch === COMMA) i++;
    else if (i !== n - 1) return null;
    const kind = ids.get(id);
    if (kind === 1) people += sign * v;
    else if (kind === 2) bots += sign * v;
  }
  return [people, bots];
}

/** The same sums from a parsed map (text the scanner does not take). */
export function sumParsed(m: Counts, ids: CountedIds): [number, number] {
  let people = 0;
  let bots = 0;
  for (const id in m) {
    const kind = ids.get(Number(id));
    if (kind === 1) people += m[id]!;
    else if (kind === 2) bots += m[id]!;
  }
  return [people, bots];
}
