/**
 * Day, week and month buckets of a comparison meet the same days of the previous window
 * (docs/adr/0222): a bucket, cut to the window (a week that began before the window's first day
 * holds only its days in the window), is paired with the days as far back as the two windows' first
 * days are apart, so a partial week of 3 days meets 3 days, never a partial week of another length.
 * Weeks stay Monday to Sunday: only what they are compared with changes.
 */
import { type LocalDate, localDateAt, startOfLocalDay } from './time-zone.js';

const DAY_MS = 86_400_000;

const dayNumber = (d: LocalDate) => Date.UTC(d.year, d.month, d.day) / DAY_MS;
const isDayStart = (zone: string, t: number) => startOfLocalDay(zone, localDateAt(zone, t)) === t;

/**
 * The instant of the previous window matching `t` of this one: windows of whole local days (and
 * months) are as many calendar days apart as their first days (local midnight to local midnight,
 * whatever DST did between); windows of instants (the last 24 hours) as far as their starts.
 */
function matching(zone: string, from: number, to: number, previousFrom: number): (t: number) => number {
  // As the previous window itself is chosen (window.ts): by days only when both ends are day starts.
  if (isDayStart(zone, from) && isDayStart(zone, to) && isDayStart(zone, previousFrom)) {
    const days = dayNumber(localDateAt(zone, from)) - dayNumber(localDateAt(zone, previousFrom));
    return (t) => {
      const d = localDateAt(zone, t);
      return startOfLocalDay(zone, { ...d, day: d.day - days });
    };
  }
  return (t) => t - (from - previousFrom);
}

export interface SpanPairs {
  /** The starts of the previous window's read: one bucket per paired bucket, then what none pairs with. */
  starts: number[];
  /** Each bucket's partner among `starts`; null where its days run past the previous window (a longer month compared). */
  partner: (number | null)[];
}

/** `starts`: this window's bucket starts (the first may lie before `window.from`, as a week's Monday does). */
export function spanPairs(window: { from: number; to: number; zone: string }, previous: { from: number; to: number }, starts: readonly number[]): SpanPairs {
  const back = matching(window.zone, window.from, window.to, previous.from);
  const begins = starts.map((s) => back(Math.max(s, window.from)));
  const ends = [...begins.slice(1), back(window.to)];
  const out: number[] = [];
  const partner: (number | null)[] = [];
  for (let i = 0; i < begins.length; i++) {
    const inside = begins[i]! >= previous.from && ends[i]! <= previous.to;
    partner.push(inside ? out.length : null);
    if (inside) out.push(begins[i]!);
  }
  // The days of the previous window past the last pair (October's 31st against November) count in no bucket's partner.
  const end = out.length > 0 ? ends[out.length - 1]! : previous.from;
  if (end < previous.to) out.push(end);
  return { starts: out, partner };
}
