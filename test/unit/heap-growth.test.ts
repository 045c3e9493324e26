import v8 from 'node:v8';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { applyHeapGrowthSetting } from '../../src/startup/heap-growth.js';

describe('LSK_HEAP_GROWTH_PERCENT', () => {
  // V8's own growth factor again for the rest of this process.
  afterEach(() => v8.setFlagsFromString('--heap-growing-percent=0'));

  it("defaults to 0 (V8's own factor); anything else than a whole number up to 1000 is refused", () => {
    expect(loadConfig({}).heapGrowthPercent).toBe(0);
    expect(loadConfig({ LSK_HEAP_GROWTH_PERCENT: '20' }).heapGrowthPercent).toBe(20);
    for (const bad of ['-1', '2.5', '20%', '1001'])
      expect(() => loadConfig({ LSK_HEAP_GROWTH_PERCENT: bad }), bad).toThrow(/^invalid configuration: LSK_HEAP_GROWTH_PERCENT: must be/);
  });

  it('sets the flag when asked and node was not given it (command line or NODE_OPTIONS, dashes or underscores)', () => {
    expect(applyHeapGrowthSetting([], { LSK_HEAP_GROWTH_PERCENT: '20' })).toBe(20);
    expect(applyHeapGrowthSetting([], {})).toBe(0);
    expect(applyHeapGrowthSetting(['--heap-growing-percent=50'], { LSK_HEAP_GROWTH_PERCENT: '20' })).toBe(0);
    expect(applyHeapGrowthSetting(['--heap_growing_percent=50'], { LSK_HEAP_GROWTH_PERCENT: '20' })).toBe(0);
    expect(applyHeapGrowthSetting([], { LSK_HEAP_GROWTH_PERCENT: '20', NODE_OPTIONS: '--heap-growing-percent=50' })).toBe(0);
    expect(applyHeapGrowthSetting([], { LSK_HEAP_GROWTH_PERCENT: 'x' })).toBe(0);
  });
});
