/** A share as a percentage people read: whole numbers, `<1%` for a sliver. */
export function percent(clicks: number, total: number): string {
  if (total <= 0) return '0%';
  const p = (clicks / total) * 100;
  return p > 0 && p < 1 ? '<1%' : `${Math.round(p)}%`;
}
