/**
 * A window that is still counting (it ends after now: today in the 7, 30 and 90 days and year
 * presets) is compared with the previous window up to the same point (docs/adr/0226): today so far
 * against the matching day so far, not against a whole day. Clicks are kept per UTC hour, so "so
 * far" is whole hours: this window holds the hour counting now, and the previous one is cut an
 * hour after the instant matching that hour's start.
 */
import { type LocalDate, localDateAt, offsetAt, startOfLocalDay, wallTime } from './time-zone.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

const dayNumber = (d: LocalDate) => Date.UTC(d.year, d.month, d.day) / DAY_MS;
const isDayStart = (zone: string, t: number) => startOfLocalDay(zone, localDateAt(zone, t)) === t;

/**
 * The instant of the previous window matching `t` of this one: in windows of whole local days (and
 * months) the same local clock time on the day as many calendar days back as the two first days
 * are apart (so "until 11:00" on both sides, whatever DST did between); in windows of instants as
 * far back as their starts.
 */
function matchingInstant(window: { from: number; to: number; zone: string }, previousFrom: number, t: number): number {
  const zone = window.zone;
  if (!isDayStart(zone, window.from) || !isDayStart(zone, window.to) || !isDayStart(zone, previousFrom)) return t - (window.from - previousFrom);
  const days = dayNumber(localDateAt(zone, window.from)) - dayNumber(localDateAt(zone, previousFrom));
  const wall = wallTime(zone, t) - days * DAY_MS;
  // The instant showing that wall time (one of a repeated hour; past a skipped one, an hour on).
  return wall - offsetAt(zone, wall - offsetAt(zone, wall));
}

/**
 * Where the previous window `prev` stops being compared: null when this window is over by the end
 * of the hour counting `nowMs` (nothing to cut); else an hour after the instant matching that
 * hour's start, within `prev` (its start when this window has not begun: nothing to compare yet).
 */
export function soFarCut(window: { from: number; to: number; zone: string }, prev: { from: number; to: number }, nowMs: number): number | null {
  const end = Math.floor(nowMs / HOUR_MS) * HOUR_MS + HOUR_MS;
  if (end >= window.to) return null;
  if (end <= window.from) return prev.from;
  // The start of the hour counting now is matched, then an hour added: its end can be a wall time
  // this day has not shown (01:00 EST after 01:xx EDT when the clocks fall back, 03:00 EDT when they
  // spring forward), while its start is the last wall hour counted.
  return Math.min(Math.max(matchingInstant(window, prev.from, end - HOUR_MS) + HOUR_MS, prev.from), prev.to);
}
