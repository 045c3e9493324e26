/** Where the time series puts its axis labels. */

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
