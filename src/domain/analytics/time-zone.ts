/**
 * Wall-clock arithmetic in an IANA time zone with nothing but Intl (docs/adr/0090): the offset of a
 * zone at an instant, and the instant a local calendar day begins, DST gaps and repeats included.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Formatters are costly to make and a workspace uses few zones: kept per zone, at most this many. */
const FORMATTERS_MAX = 64;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (f) return f;
  f = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  if (formatters.size >= FORMATTERS_MAX) formatters.delete(formatters.keys().next().value!);
  formatters.set(zone, f);
  return f;
}

/**
 * The zone's name as Intl spells it (europe/berlin -> Europe/Berlin), or null when Intl does not know
 * it. Names only, no "+01:00" offsets. An alias Intl resolves to another name (ICU keeps some old
 * ones: America/Argentina/Buenos_Aires -> America/Buenos_Aires) is kept as the caller wrote it.
 */
export function canonicalZone(zone: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return null;
  try {
    const resolved = formatter(zone).resolvedOptions().timeZone;
    return resolved.toLowerCase() === zone.toLowerCase() ? resolved : zone;
  } catch {
    return null;
  }
}

/** The local wall-clock time at `t`, as if it were a UTC time (ms since the epoch, whole seconds). */
export function wallTime(zone: string, t: number): number {
  const p: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(new Date(t))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
}

/** The zone's offset from UTC at `t`, in ms (Europe/Berlin in winter: 3,600,000). */
export function offsetAt(zone: string, t: number): number {
  const whole = Math.floor(t / 1000) * 1000;
  return wallTime(zone, whole) - whole;
}

/** A local calendar date; month 0-11, out-of-range days and months roll over as Date.UTC does. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

/** The local date at instant `t`. */
export function localDateAt(zone: string, t: number): LocalDate {
  const w = new Date(wallTime(zone, t));
  return { year: w.getUTCFullYear(), month: w.getUTCMonth(), day: w.getUTCDate() };
}

/**
 * The first instant of a local day: local midnight, or where a DST gap swallows midnight (clocks
 * jump from 23:59:59 to 01:00), the end of that gap. Where midnight happens twice, the first.
 */
export function startOfLocalDay(zone: string, d: LocalDate): number {
  const wall = Date.UTC(d.year, d.month, d.day);
  const offsets = new Set([offsetAt(zone, wall - DAY_MS), offsetAt(zone, wall), offsetAt(zone, wall + DAY_MS)]);
  const exact = [...offsets].map((o) => wall - o).filter((t) => wallTime(zone, t) === wall);
  if (exact.length > 0) return Math.min(...exact);
  // Midnight does not exist: the day starts where the wall clock first reads at or after it. Before
  // the gap the wall clock is behind midnight, after it ahead: search the minute of the change.
  let lo = Math.floor((wall - Math.max(...offsets)) / MINUTE_MS) - 1;
  let hi = Math.ceil((wall - Math.min(...offsets)) / MINUTE_MS) + 1;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (wallTime(zone, mid * MINUTE_MS) >= wall) hi = mid;
    else lo = mid;
  }
  return hi * MINUTE_MS;
}
