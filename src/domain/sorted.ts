/** How many items of the ascending `sorted` are at or below `x` (a binary search: the index of the first one above it). */
export function countAtOrBelow<T extends number | string>(sorted: readonly T[], x: T): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
