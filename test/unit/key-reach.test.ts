/**
 * Which keys a caller reaches (docs/adr/0233): an unrestricted caller every key; a restricted one
 * only keys restricted at least as narrowly on each of its axes (domains exactly, tags by tag key).
 */
import { describe, expect, it } from 'vitest';
import { reachesKey } from '../../src/auth/key-grant.js';

const key = (domains: string[] | null, tags: string[] | null) => ({ domains, tags });
const caller = (domains: string[] | null, tags: string[] | null) => ({ restriction: { domains, tags } });

describe('reachesKey', () => {
  it('lets an unrestricted caller reach every key', () => {
    expect(reachesKey({ restriction: null }, key(null, null))).toBe(true);
    expect(reachesKey({ restriction: null }, key(['a.example'], ['t']))).toBe(true);
  });

  it('lets a tag-restricted caller reach keys with a subset of its tags, compared case-insensitively', () => {
    const c = caller(null, ['Spring', 'summer']);
    expect(reachesKey(c, key(null, ['spring']))).toBe(true);
    expect(reachesKey(c, key(null, ['SUMMER', 'spring']))).toBe(true);
    expect(reachesKey(c, key(['a.example'], ['spring']))).toBe(true);
    expect(reachesKey(c, key(null, null))).toBe(false);
    expect(reachesKey(c, key(['a.example'], null))).toBe(false);
    expect(reachesKey(c, key(null, ['spring', 'autumn']))).toBe(false);
  });

  it('lets a domain-and-tag caller reach only keys inside both', () => {
    const c = caller(['a.example'], ['t']);
    expect(reachesKey(c, key(['a.example'], ['T']))).toBe(true);
    expect(reachesKey(c, key(['a.example'], null))).toBe(false);
    expect(reachesKey(c, key(null, ['t']))).toBe(false);
    expect(reachesKey(c, key(['A.example'], ['t']))).toBe(false);
  });
});
