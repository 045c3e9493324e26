import { describe, expect, it } from 'vitest';
import { SharedTargets } from '../../src/redirect/cache-entry.js';

describe('shared country targets', () => {
  it('give one frozen copy per set of targets, and hold a bounded number of characters, not only of sets', () => {
    // 10,000 links with one 8,000-character country target each kept 161.6 MB in the shared targets after the links were gone.
    const shared = new SharedTargets(10_000, 20_000);
    const a = shared.of({ DE: 'https://a.de/' });
    expect(shared.of({ DE: 'https://a.de/' })).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    for (let i = 0; i < 3; i++) shared.of({ FR: `https://e.test/${'x'.repeat(7_990)}${i}` });
    // Three texts of about 8,000 characters passed the 20,000: the table started over, `a` made again, equal.
    const again = shared.of({ DE: 'https://a.de/' });
    expect(again).not.toBe(a);
    expect(again).toEqual({ DE: 'https://a.de/' });
    expect(shared.of({ DE: 'https://a.de/' })).toBe(again);
  });
});
