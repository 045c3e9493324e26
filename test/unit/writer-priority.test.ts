import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { CLICK_WRITER_NICE, lowerThreadPriority } from '../../src/storage/clicks/writer-priority.js';

describe('lowering a thread priority', () => {
  it('does nothing for 0 steps, and nothing where priorities are per process (the event loop would be lowered too)', () => {
    const before = getPriority();
    expect(lowerThreadPriority(0)).toBeNull();
    expect(lowerThreadPriority(10, 'darwin')).toBe('thread priorities are per process on darwin');
    expect(lowerThreadPriority(10, 'win32')).toBe('thread priorities are per process on win32');
    expect(getPriority()).toBe(before);
  });

  it('LSK_CLICK_WRITER_NICE: 0 by default (as a store opened without settings), 0 to 19, anything else refused', () => {
    expect(loadConfig({}).clickWriterNice).toBe(0);
    expect(CLICK_WRITER_NICE).toBe(0);
    expect(loadConfig({ LSK_CLICK_WRITER_NICE: '0' }).clickWriterNice).toBe(0);
    expect(loadConfig({ LSK_CLICK_WRITER_NICE: '19' }).clickWriterNice).toBe(19);
    for (const bad of ['20', '-1', '5.5', 'low'])
      expect(() => loadConfig({ LSK_CLICK_WRITER_NICE: bad }), bad).toThrow(/^invalid configuration: LSK_CLICK_WRITER_NICE: must be/);
  });
});
