import type { ClickTotals, KeyCount } from '../../storage/clicks/repository.js';

/** The window a report is compared with, and its totals under the same filters. */
export interface PreviousPeriod {
  from: Date;
  to: Date;
  total: ClickTotals;
}

/**
 * Each bucket's clicks in the previous window at the same position (day 1 against day 1). Where the
 * two windows hold different numbers of buckets (months, DST), a bucket with none to pair gets null.
 */
export function pairedBuckets(current: readonly unknown[], previous: readonly number[]): (number | null)[] {
  return current.map((_, i) => (i < previous.length ? previous[i]! : null));
}

/** The previous window's clicks per key of a breakdown, for the current rows (0 when a key had none). */
export function previousOf(rows: readonly KeyCount[], keyOf: (key: string) => string = (k) => k): Map<string, number> {
  return new Map(rows.map((r) => [keyOf(r.key), r.clicks]));
}
