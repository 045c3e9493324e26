/**
 * The time series' axes: round steps of clicks up the side, and along the bottom labels at one
 * regular step (every 3 hours, every 4 days ...) ending at the newest bucket, never at uneven gaps.
 */
import { describe, expect, it } from 'vitest';
import { axisRoom, clicksTick, niceStep, TIP_HEIGHT, timeTicks, tipTop } from '../../dashboard/src/charts/axis.js';

const gaps = (ticks: number[]) => new Set(ticks.slice(1).map((t, i) => t - (ticks[i] ?? 0)));

describe('the time axis', () => {
  it('labels every bucket when they all fit', () => {
    expect(timeTicks(7, 10)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(timeTicks(1, 10)).toEqual([0]);
  });

  it('labels buckets at one regular step, the newest one included, no more than fit', () => {
    for (const [n, fit] of [
      [24, 10],
      [30, 10],
      [30, 3],
      [91, 12],
      [365, 6],
      [744, 12],
    ] as const) {
      const ticks = timeTicks(n, fit);
      expect(ticks.at(-1), `${n} buckets`).toBe(n - 1);
      expect(ticks.length, `${n} buckets`).toBeLessThanOrEqual(fit);
      expect(ticks.length, `${n} buckets`).toBeGreaterThanOrEqual(2);
      expect(gaps(ticks).size, `${n} buckets: ${ticks.join(',')}`).toBe(1);
      expect(ticks[0], `${n} buckets`).toBeGreaterThanOrEqual(0);
    }
    expect(timeTicks(24, 10)).toEqual([2, 5, 8, 11, 14, 17, 20, 23]);
    expect(timeTicks(24, 3)).toEqual([7, 15, 23]);
  });
});

describe('the clicks axis', () => {
  it('steps by 1, 2 or 5 times a power of ten, about a quarter of the top', () => {
    expect([0, 3, 20, 37, 1234].map(niceStep)).toEqual([1, 1, 5, 10, 500]);
  });
  it('writes its counts as the totals do, grouped by thousands', () => {
    expect([0, 500, 4000, 12500].map(clicksTick)).toEqual(['0', '500', '4,000', '12,500']);
    // The plot starts right of the widest label: unchanged for short ones, wider for long ones.
    expect(axisRoom(400)).toBe(40);
    expect(axisRoom(4000)).toBeGreaterThan(40);
    expect(axisRoom(1_000_000)).toBeGreaterThan(axisRoom(4000));
  });
});

describe('the hover tip', () => {
  it('stays at the top of the chart, unless the point it reads lies there: then just below that point', () => {
    expect(tipTop(150)).toBe(0);
    expect(tipTop(TIP_HEIGHT + 12)).toBe(0);
    // A peak (the top of the plot, 10 px down): the tip would hide it.
    expect(tipTop(10)).toBeGreaterThan(10 + 4);
    expect(tipTop(TIP_HEIGHT)).toBeGreaterThan(TIP_HEIGHT + 4);
  });
});
