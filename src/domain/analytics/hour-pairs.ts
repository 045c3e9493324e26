/**
 * Hour buckets of a comparison paired by local clock time (docs/adr/0217): each hour of the report
 * meets the previous window's hour that starts at the same local time on the matching day, so a DST
 * change in either window does not leave the pairs an hour off after it.
 */
import { type LocalDate, localDateAt, offsetAt, startOfLocalDay } from './time-zone.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

const dayNumber = (d: LocalDate) => Date.UTC(d.year, d.month, d.day) / DAY_MS;
const isDayStart = (zone: string, t: number) => startOfLocalDay(zone, localDateAt(zone, t)) === t;

/**
 * How far back on the wall clock the matching hour lies: windows of whole local days (and months)
 * are as many calendar days apart as their first days; windows of instants (the last 24 hours) as
 * far apart as their first hours (24 hours back is the same local hour the day before).
 */
export function wallShift(zone: string, from: number, previousFrom: number): number {
  if (isDayStart(zone, from) && isDayStart(zone, previousFrom)) {
    return (dayNumber(localDateAt(zone, from)) - dayNumber(localDateAt(zone, previousFrom))) * DAY_MS;
  }
  return from - (from % HOUR_MS) - (previousFrom - (previousFrom % HOUR_MS));
}

/** The longest run of hours taken to hold one offset when its ends do: no zone changes its clocks twice in a week. */
const SPAN = 168;

/**
 * The local hour a wall time lies in: where clocks change by half an hour (Australia/Lord_Howe), UTC
 * hour buckets start on the half hour on one side of the change and on the hour on the other.
 */
const hourOf = (wall: number) => wall - (((wall % HOUR_MS) + HOUR_MS) % HOUR_MS);

/**
 * The local hour of each bucket (`starts` one hour apart, oldest first). Intl costs about 10 µs an
 * instant (16 ms for a month of hours, both windows, under load): the offset is asked once a week of
 * hours, and where a week's ends differ, halves are asked until the hour of the change is found.
 */
function walls(zone: string, starts: readonly number[]): number[] {
  const out = new Array<number>(starts.length);
  const offsets = new Map<number, number>();
  const offset = (i: number) => {
    let o = offsets.get(i);
    if (o === undefined) {
      o = offsetAt(zone, starts[i]!);
      offsets.set(i, o);
    }
    return o;
  };
  const fill = (lo: number, hi: number): void => {
    if (offset(lo) === offset(hi)) {
      for (let i = lo; i <= hi; i++) out[i] = hourOf(starts[i]! + offset(lo));
    } else if (hi - lo <= 1) {
      out[lo] = hourOf(starts[lo]! + offset(lo));
      out[hi] = hourOf(starts[hi]! + offset(hi));
    } else {
      const mid = (lo + hi) >> 1;
      fill(lo, mid);
      fill(mid, hi);
    }
  };
  for (let lo = 0; lo < starts.length; lo += SPAN) fill(lo, Math.min(lo + SPAN, starts.length) - 1);
  return out;
}

/**
 * Each current hour bucket's partner among `previous` (bucket starts, with `counts`): the bucket
 * whose local hour is the current one's less `shift`. Null where that local hour does not exist
 * in the previous window (the hour skipped when clocks go forward, or beyond its ends). Where
 * clocks go back, a local hour happens twice: the first time pairs with the first, the second with
 * the second; a repeat the other window does not have gets null, or (in the previous window) pairs
 * with nothing and counts in its total only.
 */
export function pairedHours(
  zone: string,
  current: readonly number[],
  previous: readonly number[],
  counts: readonly number[],
  shift: number,
): (number | null)[] {
  // Local starts never go down (a repeated hour starts at the same local time twice): one walk.
  const before = walls(zone, previous);
  let j = 0;
  let nth = 0;
  return walls(zone, current).map((wall, i, all) => {
    nth = i > 0 && all[i - 1] === wall ? nth + 1 : 0;
    const target = wall - shift;
    while (j < before.length && before[j]! < target) j++;
    return before[j + nth] === target ? (counts[j + nth] ?? 0) : null;
  });
}
