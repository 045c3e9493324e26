import { describe, expect, it } from 'vitest';
import { newId, randomBase62 } from '../../src/domain/ids.js';

describe('random ids', () => {
  it('are base62 of the length asked, all different, every character in use, across many refills of the byte pool', () => {
    // 2,000 ids of 20 characters use about 41,000 random bytes: ten refills of the 4 KiB pool.
    const ids = Array.from({ length: 2000 }, () => newId('lnk'));
    for (const id of ids) expect(id).toMatch(/^lnk_[0-9A-Za-z]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
    const seen = new Map<string, number>();
    for (const id of ids) for (const ch of id.slice(4)) seen.set(ch, (seen.get(ch) ?? 0) + 1);
    expect(seen.size).toBe(62);
    // 40,000 characters over 62: about 645 each; far off only if a character were favoured or dropped.
    for (const n of seen.values()) expect(n).toBeGreaterThan(450);
    for (const n of [1, 7, 10, 300]) expect(randomBase62(n)).toMatch(new RegExp(`^[0-9A-Za-z]{${n}}$`));
  });
});
