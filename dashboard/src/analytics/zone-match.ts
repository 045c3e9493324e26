/**
 * The zones a query finds (docs/adr/0237, ranked since docs/adr/0242): every word of it must match a
 * city, place, zone name or IANA name, or be an offset (`+1`, `-5`, `+05:30`, `utc+1`, `GMT−3`).
 * The best first: zones whose city or name starts with the query ("new" → New York), then those
 * where each word starts a word ("york new"), then the rest; within each, a zone of a country's
 * sub-area (`America/North_Dakota/New_Salem`, `America/Indiana/…`) after the others, then the
 * list's order (the viewer's zone and UTC, then by offset and city).
 */
import type { ZoneOption } from './zone-options.js';

/** An offset typed as `+1`, `-5`, `+05:30`, `utc+1`, `GMT−3`: its minutes, else null. */
export function typedOffset(word: string): number | null {
  const m = /^(?:utc|gmt)?([+\-−])(\d{2}|\d(?=:|$))(?::?(\d{2}))?$/.exec(word);
  if (!m) return null;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === '+' ? minutes : -minutes;
}

const START = 0;
const WORD_STARTS = 1;
const INSIDE = 2;

/** How well the query's words (text words apart from offsets) find an option: START, WORD_STARTS, INSIDE. */
export function zoneRank(o: ZoneOption, text: readonly string[]): number {
  if (text.length === 0 || o.names.some((n) => n.startsWith(text.join(' ')))) return START;
  const starts = o.words.split(/[\s/·(),-]+/);
  return text.every((w) => starts.some((s) => s.startsWith(w))) ? WORD_STARTS : INSIDE;
}

/** A zone inside a country's sub-area (three parts); the viewer's own never counts as one. */
const minor = (o: ZoneOption) => (!o.yours && o.zone.split('/').length > 2 ? 1 : 0);

/** The options every word of the query finds (in a name, a place, the zone's name, or as its offset), the best first. */
export function matchZones(options: readonly ZoneOption[], query: string): ZoneOption[] {
  const words = query
    .toLowerCase()
    .replaceAll('_', ' ')
    .split(/[\s,]+/)
    .filter(Boolean);
  if (words.length === 0) return [...options];
  const offsets = words.map(typedOffset);
  const text = words.filter((_, i) => offsets[i] === null);
  const found = options.flatMap((o, i) =>
    words.every((w, j) => (offsets[j] !== null ? o.offset === offsets[j] : o.words.includes(w))) ? [{ o, i, rank: zoneRank(o, text), minor: minor(o) }] : [],
  );
  return found.sort((a, b) => a.rank - b.rank || a.minor - b.minor || a.i - b.i).map((f) => f.o);
}
