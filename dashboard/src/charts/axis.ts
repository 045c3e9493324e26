/** Where the time series puts its axis labels. */
import { count } from '../ui/count.js';

/** A round step of about a quarter of `max` (1, 2 or 5 times a power of ten). */
export function niceStep(max: number): number {
  const rough = Math.max(1, max / 4);
  const pow = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= rough) ?? rough;
  return Math.max(1, step);
}

/**
 * The buckets (of `n`) that get a label when `fit` labels fit: all of them, or every step-th bucket
 * counting back from the newest, so that the labels stand at even gaps (every 3 hours, every 4 days).
 */
export function timeTicks(n: number, fit: number): number[] {
  if (n <= fit) return Array.from({ length: n }, (_, i) => i);
  // n / step < fit, so at most `fit` labels, each at least a label's room apart.
  const step = Math.ceil(n / Math.max(1, fit));
  const ticks: number[] = [];
  for (let i = n - 1; i >= 0; i -= step) ticks.unshift(i);
  return ticks;
}

/**
 * The text of each label shown (`ticks`, indices into `points`). Buckets with a day (hours) that span
 * more than one day give the first label of each day its day: `Thu 26` alone at midnight, `Thu 26
 * 03:00` when that day's first label falls later; the others keep their hour.
 */
export function tickTexts(points: readonly { tick: string; day?: string }[], ticks: readonly number[]): string[] {
  const named = spansDays(points);
  let last: string | undefined;
  return ticks.map((i) => {
    const { tick, day } = points[i] ?? { tick: '' };
    if (!day || !named || day === last) return tick;
    last = day;
    return tick === '00:00' ? day : `${day} ${tick}`;
  });
}

/** Whether the buckets are hours of more than one day (their labels then name days, and need more room). */
export function spansDays(points: readonly { tick: string; day?: string }[]): boolean {
  return points.some((p) => p.day) && new Set(points.map((p) => p.day)).size > 1;
}

/** The hover tip's height at most (three lines: clicks, the period before, the bucket), in px. */
export const TIP_HEIGHT = 72;

/**
 * The hover tip's top in the chart's box: at the top, out of the way of the line, unless the point
 * it reads lies where the tip would cover it (a peak, at the top of the plot): then just below it.
 */
export function tipTop(pointY: number): number {
  return pointY < TIP_HEIGHT + 8 ? Math.round(pointY + 10) : 0;
}

/** A count on the clicks axis, written as the totals write it (4,000, not 4000). */
export function clicksTick(v: number): string {
  return count(v);
}

/** The room left of the plot for the clicks axis: its widest label (digits about 7.6 px wide at its 12 px) and a gap. */
export function axisRoom(top: number): number {
  return Math.max(40, Math.ceil(12 + 7.6 * clicksTick(top).length));
}
