import { type LocalDate, localDateAt, startOfLocalDay } from './time-zone.js';

export const INTERVALS = ['hour', 'day', 'week', 'month'] as const;
export type Interval = (typeof INTERVALS)[number];

const HOUR_MS = 3_600_000;

/** The local date that opens the day, week (Monday) or month holding `d`. */
function periodStart(d: LocalDate, interval: Exclude<Interval, 'hour'>): LocalDate {
  if (interval === 'month') return { ...d, day: 1 };
  if (interval === 'week') {
    const weekday = (new Date(Date.UTC(d.year, d.month, d.day)).getUTCDay() + 6) % 7; // Monday 0 ... Sunday 6
    return { ...d, day: d.day - weekday };
  }
  return d;
}

function nextPeriod(d: LocalDate, interval: Exclude<Interval, 'hour'>): LocalDate {
  if (interval === 'month') return { ...d, month: d.month + 1 };
  return { ...d, day: d.day + (interval === 'week' ? 7 : 1) };
}

/**
 * The starts of the buckets covering [from, to), oldest first: the bucket holding `from`, then each
 * next one while it starts before `to`. Hours are UTC hours (the rollups' own); days, weeks (from
 * Monday) and months begin at local midnight in `zone`, so a DST day has 23 or 25 hours.
 */
export function bucketStarts(from: number, to: number, interval: Interval, zone: string): number[] {
  const out: number[] = [];
  if (interval === 'hour') {
    for (let t = from - (from % HOUR_MS); t < to; t += HOUR_MS) out.push(t);
    return out;
  }
  let d = periodStart(localDateAt(zone, from), interval);
  for (let t = startOfLocalDay(zone, d); t < to; t = startOfLocalDay(zone, d)) {
    out.push(t);
    d = nextPeriod(d, interval);
  }
  return out;
}

/**
 * Sum hourly counts into the buckets (an hour belongs to the bucket its start falls in; with a zone
 * whose offset is not whole hours, the hour across midnight counts in the day it starts in). Every
 * bucket is present, zeros included. `hours` are oldest first, as the store returns them.
 */
export function fillBuckets(starts: readonly number[], hours: readonly { hour: Date; clicks: number }[]): { start: number; clicks: number }[] {
  const out = starts.map((start) => ({ start, clicks: 0 }));
  let i = 0;
  for (const h of hours) {
    const t = h.hour.getTime();
    if (out.length === 0 || t < out[0]!.start) continue;
    while (i + 1 < out.length && out[i + 1]!.start <= t) i++;
    out[i]!.clicks += h.clicks;
  }
  return out;
}
