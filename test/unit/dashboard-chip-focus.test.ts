/**
 * Where the keyboard goes when a filter chip is removed on the Analytics page: the next chip, else
 * the one before, else none (the period in force takes it; the journey checks that in Chromium).
 */
import { describe, expect, it } from 'vitest';
import { chipAfterRemoval } from '../../dashboard/src/analytics/chip-focus.js';

describe('focus after removing a filter chip', () => {
  it('goes to the next chip, else the one before, else none', () => {
    const fields = ['country', 'device', 'trigger'];
    expect(chipAfterRemoval(fields, 'country')).toBe('device');
    expect(chipAfterRemoval(fields, 'device')).toBe('trigger');
    expect(chipAfterRemoval(fields, 'trigger')).toBe('device');
    expect(chipAfterRemoval(['country'], 'country')).toBeNull();
    expect(chipAfterRemoval(fields, 'language')).toBeNull();
  });
});
