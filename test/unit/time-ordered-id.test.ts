import { describe, expect, it } from 'vitest';
import { timeOrderedId } from '../../src/domain/ids.js';

describe('time-ordered ids', () => {
  it('keep the order they were made in within a millisecond and a little back, and follow a clock set back further', () => {
    const t = Date.parse('2026-11-26T12:00:00Z');
    const same = [timeOrderedId('aud', t), timeOrderedId('aud', t), timeOrderedId('aud', t - 500)];
    expect([...same].sort()).toEqual(same);
    expect(new Set(same).size).toBe(3);
    // A minute back (a corrected clock): stamped with that time, sorting before the ids above.
    const corrected = timeOrderedId('aud', t - 60_000);
    expect(corrected < same[0]!).toBe(true);
    expect(timeOrderedId('aud', t - 60_000 + 1) > corrected).toBe(true);
  });
});
