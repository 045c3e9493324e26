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
 *
 * Equal counts always read equal shares. Rows with the same count tie for the points; a tie the
 * points left cover whole gets one each, but a tie they would split gets none of the handing out:
 * each of its rows, and every row after it, rounds to its nearest whole percent on its own. So
 * 11, 11 and 10 of 32 read 34 + 34 + 31 = 99 (not 35 + 34 for the same count), and 2, 2, 2 and 1
 * of 7 read 29 + 29 + 29 + 14 = 101: the sum is off by the point nobody could honestly be given,
 * and no row reads further than its nearest percent.
 */
export function shares(clicks: readonly number[], total: number): string[] {
  if (total <= 0 || clicks.reduce((s, c) => s + c, 0) !== total) return clicks.map((c) => percent(c, total));
  const exact = clicks.map((c) => (c / total) * 100);
  const whole = exact.map(Math.floor);
  let left = 100 - whole.reduce((s, w) => s + w, 0);
  for (const tie of tiesByFraction(clicks, exact, whole)) {
    if (left <= 0) break;
    if (tie.length > left) {
      // The rows not handed a point yet (this tie and those after it) round alone.
      for (const i of exact.keys()) if (whole[i] === Math.floor(exact[i]!)) whole[i] = Math.round(exact[i]!);
      break;
    }
    for (const i of tie) whole[i]!++;
    left -= tie.length;
  }
  return whole.map((w, i) => (w === 0 && clicks[i]! > 0 ? '<1%' : `${w}%`));
}

/** The rows grouped by their count (equal counts, equal fractions), largest fraction first. */
function tiesByFraction(clicks: readonly number[], exact: number[], whole: number[]): number[][] {
  const byCount = new Map<number, number[]>();
  for (const [i, c] of clicks.entries()) byCount.set(c, [...(byCount.get(c) ?? []), i]);
  const fraction = (i: number) => exact[i]! - whole[i]!;
  return [...byCount.values()].sort((a, b) => fraction(b[0]!) - fraction(a[0]!) || a[0]! - b[0]!);
}
