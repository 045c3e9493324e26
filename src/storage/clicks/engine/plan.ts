import { countAtOrBelow } from '../../../domain/sorted.js';
import { HOUR_MS } from '../repository.js';

export const DAY_MS = 86_400_000;

/**
 * Which sheets a read covers its hours with (docs/adr/0092): a whole UTC month inside the window and
 * inside one bucket is one month sheet; else each whole UTC day inside one bucket is one day sheet;
 * the other days (the window's ends, and days a bucket boundary crosses) are read hour by hour.
 */
export interface Plan {
  months: Whole[];
  days: Whole[];
  partial: PartialDay[];
}

export interface Whole {
  period: number;
  bucket: number;
}

export interface PartialDay {
  period: number;
  /** Hour of the day -> bucket (hours outside the window absent). */
  hours: Map<number, number>;
}

export const ceilHour = (t: number) => Math.ceil(t / HOUR_MS) * HOUR_MS;
export const dayStart = (t: number) => t - (((t % DAY_MS) + DAY_MS) % DAY_MS);
export function monthStart(t: number): number {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}
export function nextMonth(t: number): number {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** Bucket of an hour: the last start at or before it (-1: before the first). No buckets: one, 0. */
export function bucketFinder(starts: readonly number[] | undefined): (t: number) => number {
  if (!starts) return () => 0;
  return (t) => countAtOrBelow(starts, t) - 1;
}

/** The plan of the hours whose start lies in [from, to) (both whole hours). */
export function planWindow(from: number, to: number, bucketOf: (t: number) => number): Plan {
  const out: Plan = { months: [], days: [], partial: [] };
  const whole = (a: number, b: number) => a >= from && b <= to && bucketOf(a) === bucketOf(b - HOUR_MS) && bucketOf(a) >= 0;
  for (let m = monthStart(from); m < to; m = nextMonth(m)) {
    const mEnd = nextMonth(m);
    if (whole(m, mEnd)) {
      out.months.push({ period: m, bucket: bucketOf(m) });
      continue;
    }
    for (let d = Math.max(m, dayStart(from)); d < Math.min(mEnd, to); d += DAY_MS) {
      if (whole(d, d + DAY_MS)) {
        out.days.push({ period: d, bucket: bucketOf(d) });
        continue;
      }
      const hours = new Map<number, number>();
      for (let h = Math.max(d, from); h < Math.min(d + DAY_MS, to); h += HOUR_MS) {
        const b = bucketOf(h);
        if (b >= 0) hours.set((h - d) / HOUR_MS, b);
      }
      if (hours.size > 0) out.partial.push({ period: d, hours });
    }
  }
  return out;
}

/** Consecutive periods as ranges [from, to) of at most `max` periods each (one store read per range). */
export function runs(periods: readonly number[], step: (p: number) => number, max = 31): [number, number][] {
  const out: [number, number][] = [];
  let start: number | null = null;
  let end = 0;
  let n = 0;
  for (const p of [...periods].sort((a, b) => a - b)) {
    if (start !== null && p === end && n < max) {
      end = step(p);
      n++;
      continue;
    }
    if (start !== null) out.push([start, end]);
    start = p;
    end = step(p);
    n = 1;
  }
  if (start !== null) out.push([start, end]);
  return out;
}
