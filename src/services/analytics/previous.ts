import type { Interval } from '../../domain/analytics/buckets.js';
import { pairedHours, wallShift } from '../../domain/analytics/hour-pairs.js';
import type { ClickTotals, KeyCount } from '../../storage/clicks/repository.js';

/** The window a report is compared with, and its totals under the same filters. */
export interface PreviousPeriod {
  from: Date;
  to: Date;
  total: ClickTotals;
}

/**
 * Each bucket's clicks in the previous window. Day, week and month buckets pair by position (day 1
 * against day 1: both windows are whole local days or months); where the two hold different numbers
 * of buckets, a bucket with none to pair gets null. Hours pair by local clock time (hour-pairs.ts,
 * docs/adr/0217), so a DST change does not shift them.
 */
export function pairedBuckets(
  interval: Interval,
  window: { from: number; zone: string },
  current: readonly number[],
  previous: { from: number; starts: readonly number[]; counts: readonly number[] },
): (number | null)[] {
  if (interval === 'hour') {
    return pairedHours(window.zone, current, previous.starts, previous.counts, wallShift(window.zone, window.from, previous.from));
  }
  return current.map((_, i) => (i < previous.counts.length ? previous.counts[i]! : null));
}

/** The previous window's clicks per key of a breakdown, for the current rows (0 when a key had none). */
export function previousOf(rows: readonly KeyCount[], keyOf: (key: string) => string = (k) => k): Map<string, number> {
  return new Map(rows.map((r) => [keyOf(r.key), r.clicks]));
}
