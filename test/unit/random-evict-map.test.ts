/** The bounded map behind the redirect's caches and memos: a random entry goes when full, and visits in turn keep hitting. */
import { describe, expect, it } from 'vitest';
import { RandomEvictMap } from '../../src/domain/random-evict-map.js';
import { seeded } from '../support/seeded-random.js';

describe('RandomEvictMap', () => {
  it('holds at most its bound, keeps what it holds readable, and updates in place', () => {
    const m = new RandomEvictMap<number>(100, seeded(1));
    for (let i = 0; i < 1000; i++) m.set(`k${i}`, i);
    expect(m.size).toBe(100);
    const held = [...m.keys()];
    expect(held).toHaveLength(100);
    for (const k of held) expect(m.get(k)).toBe(Number(k.slice(1)));
    expect(m.get('k999')).toBe(999); // the newest is always kept
    m.set('k999', -1);
    expect(m.get('k999')).toBe(-1);
    expect(m.size).toBe(100);
  });

  it('deletes any entry, including while keys are collected, and stays consistent for later evictions', () => {
    const m = new RandomEvictMap<string>(5, seeded(2));
    for (const k of ['a', 'b', 'c', 'd', 'e']) m.set(k, k);
    m.delete('a');
    m.delete('e');
    m.delete('missing');
    expect(m.size).toBe(3);
    expect([...m.keys()].sort()).toEqual(['b', 'c', 'd']);
    for (const k of ['f', 'g', 'h', 'i']) m.set(k, k);
    expect(m.size).toBe(5);
    for (const k of m.keys()) expect(m.get(k)).toBe(k);
    for (const k of [...m.keys()]) m.delete(k);
    expect(m.size).toBe(0);
    expect([...m.keys()]).toEqual([]);
    for (const k of ['x', 'y']) m.set(k, k);
    m.clear();
    expect(m.size).toBe(0);
    expect(m.get('x')).toBeUndefined();
    for (const k of ['p', 'q', 'r', 's', 't', 'u']) m.set(k, k);
    expect(m.size).toBe(5);
    for (const k of m.keys()) expect(m.get(k)).toBe(k);
  });

  it('keeps most visits hits when the keys visited in turn are a few more than the bound (the oldest-first cache hit none)', () => {
    const m = new RandomEvictMap<number>(1000, seeded(3));
    let hits = 0;
    let visits = 0;
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < 1100; i++) {
        visits++;
        if (m.get(`k${i}`) !== undefined) hits++;
        else m.set(`k${i}`, i);
      }
    }
    // Oldest-first eviction misses every one of these visits; a random victim keeps most of them.
    expect(hits / visits).toBeGreaterThan(0.6);
  });

  it('keeps its bound and every held key evictable through long runs of deletes, re-sets and evictions', () => {
    const m = new RandomEvictMap<number>(50, seeded(4));
    const next = seeded(5);
    const model = new Map<string, number>();
    for (let step = 0; step < 20_000; step++) {
      const k = `k${Math.floor(next() * 200)}`;
      if (next() < 0.3) {
        m.delete(k);
        model.delete(k);
      } else {
        m.set(k, step);
        model.set(k, step);
      }
      expect(m.size).toBeLessThanOrEqual(50);
      // What the map holds it holds with the value last set; what it dropped was evicted, not lost otherwise.
      if (m.get(k) !== undefined) expect(m.get(k)).toBe(model.get(k));
    }
    for (const k of m.keys()) expect(m.get(k)).toBe(model.get(k));
    // Full again, then entirely replaced: every key held before must be reachable as a victim.
    for (let i = 0; i < 50; i++) m.set(`fill${i}`, i);
    expect(m.size).toBe(50);
    for (let i = 0; i < 2000; i++) m.set(`new${i}`, i);
    expect(m.size).toBe(50);
    expect([...m.keys()].filter((k) => !k.startsWith('new'))).toEqual([]);
  });

  it('rebuilds its slots from what it holds when deleted keys would make it grow past twice the bound', () => {
    const m = new RandomEvictMap<number>(10, seeded(6));
    for (let i = 0; i < 100_000; i++) {
      m.set(`k${i}`, i);
      m.delete(`k${i}`);
    }
    expect(m.size).toBe(0);
    // The keys' array is private: read here to check it stays within twice the bound (the deleted keys it kept are gone).
    expect((m as unknown as { slots: string[] }).slots.length).toBeLessThanOrEqual(20);
  });
});
