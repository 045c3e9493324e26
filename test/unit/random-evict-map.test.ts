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

  it('keeps its arrays within the bound through many sets and deletes, and never re-makes them once full', () => {
    const m = new RandomEvictMap<number>(10, seeded(6));
    // The arrays are private: read here to check they stay within the bound and, once it is reached, stay the same objects.
    const inner = m as unknown as { keyAt: unknown[]; valueAt: unknown[]; hashes: Int32Array; index: Int32Array };
    for (let i = 0; i < 10; i++) m.set(`k${i}`, i);
    const { keyAt, valueAt, hashes, index } = inner;
    for (let i = 0; i < 100_000; i++) {
      m.set(`n${i}`, i);
      if (i % 3 === 0) m.delete(`n${i}`);
    }
    expect(m.size).toBeLessThanOrEqual(10);
    expect(inner.keyAt).toBe(keyAt);
    expect(inner.valueAt).toBe(valueAt);
    expect(inner.hashes).toBe(hashes);
    expect(inner.index).toBe(index);
    expect(keyAt.length).toBeLessThanOrEqual(10);
    expect(hashes.length).toBe(10);
    // What an entry leaves goes with it: past the entries held, nothing is kept.
    expect(keyAt.slice(m.size).every((k) => k === undefined)).toBe(true);
    expect(valueAt.slice(m.size).every((v) => v === undefined)).toBe(true);
  });

  it('finds every key among many with random hashes, after random deletes and sets', () => {
    const m = new RandomEvictMap<string>(5000, seeded(7));
    const next = seeded(8);
    const model = new Map<string, string>();
    // Keys alike but for one character, empty, long and outside Latin-1: the hash reads every character.
    const keys = ['', 'a', 'é', '\u{1F600}', 'x'.repeat(500), ...Array.from({ length: 4000 }, (_, i) => `bench.lsk/b${i}`)];
    for (const k of keys) {
      m.set(k, k);
      model.set(k, k);
    }
    for (let step = 0; step < 20_000; step++) {
      const k = keys[Math.floor(next() * keys.length)]!;
      if (next() < 0.5) {
        m.delete(k);
        model.delete(k);
      } else {
        m.set(k, `${k}!`);
        model.set(k, `${k}!`);
      }
    }
    expect(m.size).toBe(model.size);
    for (const k of keys) expect(m.get(k)).toBe(model.get(k));
    expect([...m.keys()].sort()).toEqual([...model.keys()].sort());
  });

  it('keeps every key findable when their hashes crowd one run across the end of the index, through deletes inside it', () => {
    // 12 keys and a bound of 12: no eviction, 32 index slots. The hash is forced so that the keys' home
    // slots are 29, 30, 31, 0 and 1: one run wraps past the last slot, and backward shifts cross it.
    const m = new RandomEvictMap<number | null | undefined>(12, seeded(9));
    const keys = Array.from({ length: 12 }, (_, i) => `k${i}`);
    const homes = [29, 30, 31, 0, 1];
    const forced = new Map(keys.map((k, i) => [k, (homes[i % homes.length]! + 32 * i) | 0]));
    (m as unknown as { hashOf: (k: string) => number }).hashOf = (k) => forced.get(k) ?? 7;
    const next = seeded(10);
    const model = new Map<string, number | null | undefined>();
    const values = [0, null, undefined, 1, 2];
    for (let step = 0; step < 4000; step++) {
      const k = keys[Math.floor(next() * keys.length)]!;
      if (next() < 0.45) {
        m.delete(k);
        model.delete(k);
      } else {
        const v = values[step % values.length];
        m.set(k, v);
        model.set(k, v);
      }
      expect(m.size).toBe(model.size);
      for (const key of keys) expect(m.get(key)).toBe(model.get(key));
    }
    expect([...m.keys()].sort()).toEqual([...model.keys()].sort());
    // Each held key sits in the index within its run: from its home slot, no empty slot before it.
    const { index, hashes, mask } = m as unknown as { index: Int32Array; hashes: Int32Array; mask: number };
    for (let e = 0; e < m.size; e++) {
      let s = hashes[e]! & mask;
      while (index[s] !== e + 1) {
        expect(index[s]).not.toBe(0);
        s = (s + 1) & mask;
      }
    }
  });

  it('refuses a bound that is not a whole number of entries, at least one (its arrays are sized by it); a bound of 1 holds the newest', () => {
    for (const max of [0, 2.5, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => new RandomEvictMap(max)).toThrow(RangeError);
    const m = new RandomEvictMap<number>(1, seeded(11));
    for (let i = 0; i < 100; i++) m.set(`k${i}`, i);
    expect(m.size).toBe(1);
    expect([...m.keys()]).toEqual(['k99']);
    expect(m.get('k99')).toBe(99);
    m.delete('k99');
    expect(m.size).toBe(0);
  });

  it('takes a new seed when keys crowd one probe run, so keys made to collide under its seed spread again', () => {
    const m = new RandomEvictMap<number>(5000, seeded(12));
    const inner = m as unknown as { seed: number; index: Int32Array; hashes: Int32Array; mask: number };
    const first = inner.seed;
    // A caller who knew the seed's low bits (the low bits of FNV-1a's state depend on no others) could make
    // 2^10 keys of one full hash: ten blocks, each a pair of variants that collide from the state before it.
    const step = (h: number, s: string) => {
      for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
      return h;
    };
    const blocks: [string, string][] = [];
    let state = step(first, 'bench.lsk/');
    for (let t = 0; t < 10; t++) {
      const seen = new Map<number, string>();
      for (let n = 0; blocks.length === t; n++) {
        const b = (n * 7919 + 13).toString(36).padStart(6, '0');
        const other = seen.get(step(state, b));
        if (other !== undefined) blocks.push([other, b]);
        else seen.set(step(state, b), b);
      }
      state = step(state, blocks[t]![0]);
    }
    const keys = Array.from({ length: 1024 }, (_, k) => `bench.lsk/${blocks.map((pair, t) => pair[(k >> t) & 1]).join('')}`);
    for (const [i, k] of keys.entries()) m.set(k, i);
    expect(inner.seed).not.toBe(first);
    const { index, hashes, mask } = inner;
    let longest = 0;
    for (let s = 0; s < index.length; s++) if (index[s]! > 0) longest = Math.max(longest, (s - (hashes[index[s]! - 1]! & mask)) & mask);
    expect(longest).toBeLessThan(64);
    for (const [i, k] of keys.entries()) expect(m.get(k)).toBe(i);
    expect(m.size).toBe(1024);
  });
});
