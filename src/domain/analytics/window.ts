import { LskError } from '../errors.js';
import type { Interval } from './buckets.js';
import { canonicalZone, type LocalDate, localDateAt, startOfLocalDay } from './time-zone.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** The longest window analytics read. */
export const WINDOW_MAX_DAYS = 400;
/** The longest window of hour buckets (744 of them at most). */
export const HOUR_WINDOW_MAX_DAYS = 31;
/** The default window: this many whole local days, today included. */
export const DEFAULT_DAYS = 30;

export interface AnalyticsWindow {
  /** First instant counted (an hour counts when its start lies in [from, to)). */
  from: number;
  /** First instant no longer counted. */
  to: number;
  /** The canonical IANA name. */
  zone: string;
}

const isDate = (v: string) => v.length === 10;
const dateOf = (v: string): LocalDate => ({ year: Number(v.slice(0, 4)), month: Number(v.slice(5, 7)) - 1, day: Number(v.slice(8, 10)) });
const plusDays = (d: LocalDate, n: number): LocalDate => ({ ...d, day: d.day + n });

/**
 * The window of a request in its time zone: a date `from` starts at that local midnight, a date `to`
 * includes the whole local day; date-times are instants. Defaults: `to` the end of today (local),
 * `from` 30 local days before it. Refused (400 validation_failed naming the field): `from` not
 * before `to` (an empty window), a window over 400 days, and hour buckets over more than 31 days. A day may have 23 or 25
 * hours, so the day counts allow one hour of DST.
 */
export function resolveWindow(
  q: { from?: string | null; to?: string | null; timezone?: string | null },
  nowMs: number,
  interval: Interval | null,
): AnalyticsWindow {
  const zone = canonicalZone(q.timezone ?? 'UTC');
  if (zone === null) throw LskError.validation([{ path: 'timezone', message: 'is not a known IANA time zone (e.g. Europe/Berlin)' }]);
  const lastDay = q.to ? (isDate(q.to) ? dateOf(q.to) : null) : localDateAt(zone, nowMs);
  const to = lastDay ? startOfLocalDay(zone, plusDays(lastDay, 1)) : Date.parse(q.to!);
  let from: number;
  if (q.from) from = isDate(q.from) ? startOfLocalDay(zone, dateOf(q.from)) : Date.parse(q.from);
  else from = lastDay ? startOfLocalDay(zone, plusDays(lastDay, 1 - DEFAULT_DAYS)) : to - DEFAULT_DAYS * DAY_MS;
  if (from >= to) throw LskError.validation([{ path: 'from', message: 'must be before "to" (the window would be empty)' }]);
  if (to - from > WINDOW_MAX_DAYS * DAY_MS + HOUR_MS) {
    throw LskError.validation([{ path: 'from', message: `must be at most ${WINDOW_MAX_DAYS} days before "to"` }]);
  }
  if (interval === 'hour' && to - from > HOUR_WINDOW_MAX_DAYS * DAY_MS + HOUR_MS) {
    throw LskError.validation([{ path: 'interval', message: `hour buckets need a window of at most ${HOUR_WINDOW_MAX_DAYS} days` }]);
  }
  return { from, to, zone };
}

const isDayStart = (zone: string, t: number, d: LocalDate) => startOfLocalDay(zone, d) === t;
const dayNumber = (d: LocalDate) => Date.UTC(d.year, d.month, d.day) / DAY_MS;

/**
 * The window a report is compared with (docs/adr/0213), ending where this one starts: when both ends
 * are local month starts in `zone`, as many calendar months before (November against October); when
 * both are local midnights, as many calendar days before, so a DST change in either window keeps
 * whole local days and the buckets pair day by day; otherwise (instants, the last 24 hours) the same
 * length. It is derived, not asked for, so it is not held to the 400-day bound (clicks before
 * retention read 0).
 */
export function previousWindow(w: { from: number; to: number; zone: string }): { from: number; to: number } {
  const first = localDateAt(w.zone, w.from);
  const end = localDateAt(w.zone, w.to);
  if (!isDayStart(w.zone, w.from, first) || !isDayStart(w.zone, w.to, end)) return { from: w.from - (w.to - w.from), to: w.from };
  if (first.day === 1 && end.day === 1) {
    const months = (end.year - first.year) * 12 + end.month - first.month;
    return { from: startOfLocalDay(w.zone, { ...first, month: first.month - months }), to: w.from };
  }
  return { from: startOfLocalDay(w.zone, plusDays(first, dayNumber(first) - dayNumber(end))), to: w.from };
}
