import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { lowerThreadPriority } from '../../src/storage/clicks/writer-priority.js';

describe('lowering a thread priority', () => {
  it('does nothing for 0 steps, and nothing where priorities are per process (the event loop would be lowered too)', () => {
    const before = getPriority();
    expect(lowerThreadPriority(0)).toBeNull();
    expect(lowerThreadPriority(10, 'darwin')).toBe('thread priorities are per process on darwin');
    expect(lowerThreadPriority(10, 'win32')).toBe('thread priorities are per process on win32');
    expect(getPriority()).toBe(before);
  });
});
