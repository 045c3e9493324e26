/** A share as a percentage people read: whole numbers, `<1%` for a sliver. */
export function percent(clicks: number, total: number): string {
  if (total <= 0) return '0%';
  const p = (clicks / total) * 100;
  return p > 0 && p < 1 ? '<1%' : `${Math.round(p)}%`;
}

/**
 * The shares of rows shown together. Rows that make up the total (a panel's rows and its last row)
 * are rounded so that they add up to 100% (largest remainder: each row its whole percent, the points
 * left to the largest fractions; 51 + 44 + 4 read 51 + 45 + 4); `<1%` still marks a sliver that
 * gets none. Rows that do not make up the total (tags, where a click counts under each) each round
 * on their own.
 */
export function shares(clicks: readonly number[], total: number): string[] {
  if (total <= 0 || clicks.reduce((s, c) => s + c, 0) !== total) return clicks.map((c) => percent(c, total));
  const exact = clicks.map((c) => (c / total) * 100);
  const whole = exact.map(Math.floor);
  let left = 100 - whole.reduce((s, w) => s + w, 0);
  const byFraction = exact.map((e, i) => ({ i, f: e - whole[i]! })).sort((a, b) => b.f - a.f || a.i - b.i);
  for (const { i } of byFraction) {
    if (left <= 0) break;
    whole[i]!++;
    left--;
  }
  return whole.map((w, i) => (w === 0 && clicks[i]! > 0 ? '<1%' : `${w}%`));
}
