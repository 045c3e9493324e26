import { bucketStarts, type Interval } from '../../domain/analytics/buckets.js';
import { pairedHours, wallShift } from '../../domain/analytics/hour-pairs.js';
import { spanPairs } from '../../domain/analytics/span-pairs.js';
import { localDateAt, startOfLocalDay } from '../../domain/analytics/time-zone.js';
import type { ClickTotals, KeyCount } from '../../storage/clicks/repository.js';

/** The window a report is compared with, and its totals under the same filters. */
export interface PreviousPeriod {
  from: Date;
  to: Date;
  total: ClickTotals;
}

/** The previous window's read of a time series, and how its counts meet this window's buckets. */
export interface PreviousBuckets {
  starts: number[];
  pair(counts: readonly number[]): (number | null)[];
}

const isMonthStart = (zone: string, t: number) => {
  const d = localDateAt(zone, t);
  return d.day === 1 && startOfLocalDay(zone, d) === t;
};

/**
 * How a time series meets the previous window `prev`, read up to `upTo` (its end, or where a window
 * still counting stops being compared, so-far.ts, docs/adr/0226: a bucket starting after it gets
 * null, the one holding it counts up to it). Hours pair by local clock time (hour-pairs.ts,
 * docs/adr/0217), so a DST change does not shift them. Months of a window of whole months pair by
 * position (November against October). Every other day, week or month bucket meets the same days of
 * the previous window (span-pairs.ts, docs/adr/0222): a partial week of the window's first days
 * meets as many days, not the previous window's own partial week. A bucket with none to pair gets null.
 */
export function previousBuckets(
  interval: Interval,
  window: { from: number; to: number; zone: string },
  starts: readonly number[],
  prev: { from: number; to: number },
  upTo: number = prev.to,
): PreviousBuckets {
  const zone = window.zone;
  if (interval === 'hour') {
    const earlier = bucketStarts(prev.from, upTo, interval, zone);
    return { starts: earlier, pair: (counts) => pairedHours(zone, starts, earlier, counts, wallShift(zone, window.from, prev.from)) };
  }
  if (interval === 'month' && isMonthStart(zone, window.from) && isMonthStart(zone, window.to) && isMonthStart(zone, prev.from)) {
    const earlier = bucketStarts(prev.from, upTo, interval, zone);
    return { starts: earlier, pair: (counts) => starts.map((_, i) => (i < counts.length ? counts[i]! : null)) };
  }
  const spans = spanPairs(window, prev, starts);
  // The starts ascend: those before the cut are a prefix, and a partner past it has nothing read yet.
  const read = spans.starts.filter((s) => s < upTo);
  return { starts: read, pair: (counts) => spans.partner.map((j) => (j === null || j >= read.length ? null : (counts[j] ?? 0))) };
}

/** The previous window's clicks per key of a breakdown, for the current rows (0 when a key had none). */
export function previousOf(rows: readonly KeyCount[], keyOf: (key: string) => string = (k) => k): Map<string, number> {
  return new Map(rows.map((r) => [keyOf(r.key), r.clicks]));
}
