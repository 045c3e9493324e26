import { getOperationAST, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { rootFieldCount } from '../../src/http/graphql/root-fields.js';
import { ChainView } from '../../src/limits/chain-view.js';
import { PLAN_RPM, rpmFor } from '../../src/limits/plans.js';
import { decide, MemoryRateLimiter, type Window } from '../../src/limits/rate-limit.js';

describe('plans', () => {
  it('are a lookup: standard 100, advanced 500, custom its own value', () => {
    expect(PLAN_RPM).toEqual({ standard: 100, advanced: 500 });
    expect(rpmFor('custom', 42)).toBe(42);
    expect(() => rpmFor('custom')).toThrow();
  });
});

describe('sliding window', () => {
  it('admits exactly the limit and refuses the next one with a wait', () => {
    let w: Window = [];
    const t0 = 1_000_000_000;
    for (let i = 0; i < 10; i++) {
      const r = decide(w, t0 + i * 100, 10, 1);
      expect(r.decision.allowed).toBe(true);
      expect(r.decision.remaining).toBe(9 - i);
      w = r.window;
    }
    const refused = decide(w, t0 + 1000, 10, 1);
    expect(refused.decision).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.decision.resetSeconds).toBeGreaterThanOrEqual(59);
    expect(refused.decision.resetSeconds).toBeLessThanOrEqual(61);
  });

  it('never admits more than the limit in any rolling 60 s, even across a minute boundary', () => {
    const limiter = new MemoryRateLimiter();
    const admitted: number[] = [];
    // 1 request every 250 ms for 5 minutes, limit 30.
    for (let t = 0; t < 300_000; t += 250) {
      if (limiter.takeSync('w', 30, 1, 1_700_000_000_000 + t).allowed) admitted.push(t);
    }
    for (let i = 0; i < admitted.length; i++) {
      const inWindow = admitted.filter((t) => t > admitted[i]! - 60_000 && t <= admitted[i]!).length;
      expect(inWindow).toBeLessThanOrEqual(30);
    }
    // ...while still admitting close to the limit per minute.
    expect(admitted.length).toBeGreaterThanOrEqual(5 * 29);
  });

  it('charges a cost of several units at once, all or nothing', () => {
    const l = new MemoryRateLimiter();
    expect(l.takeSync('w', 5, 3, 0).allowed).toBe(true);
    expect(l.takeSync('w', 5, 3, 0)).toMatchObject({ allowed: false, remaining: 2 });
    expect(l.takeSync('w', 5, 2, 0)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('keeps workspaces apart', () => {
    const l = new MemoryRateLimiter();
    expect(l.takeSync('a', 1, 1, 0).allowed).toBe(true);
    expect(l.takeSync('b', 1, 1, 0).allowed).toBe(true);
    expect(l.takeSync('a', 1, 1, 0).allowed).toBe(false);
  });
});

function rootFieldCost(query: string, operationName: string | undefined): number {
  const document = parse(query);
  return rootFieldCount(document, getOperationAST(document, operationName)!);
}

describe('plan units of a GraphQL operation (one per root field)', () => {
  it.each([
    ['{ workspace { slug } }', 1],
    ['{ a: workspace { slug } b: workspace { slug } c: tags { data { name } } }', 3],
    ['{ __schema { types { name } } }', 0],
    ['{ __typename workspace { slug } }', 1],
    ['query { ...F ...F } fragment F on Query { a: workspace { slug } b: workspace { slug } }', 2],
    ['query { ... on Query { workspace { slug } tags { data { name } } } }', 2],
  ])('%s costs %i', (q, cost) => {
    expect(rootFieldCost(q, undefined)).toBe(cost);
  });
  it('counts the operation named by operationName', () => {
    expect(rootFieldCost('query A { workspace { slug } } query B { a: tags { data { name } } b: tags { data { name } } }', 'B')).toBe(2);
  });
});

describe('sliding window shared by instances', () => {
  it('counts buckets written a moment ahead by another instance', () => {
    // Instance A (clock at 100.5 s) wrote 9 units; instance B's clock reads 99.9 s.
    const written: Window = [[100, 9]];
    const b = decide(written, 99_900, 10, 1);
    expect(b.decision).toMatchObject({ allowed: true, remaining: 0 });
    expect(b.window).toEqual([
      [99, 1],
      [100, 9],
    ]);
    expect(decide(b.window, 99_950, 10, 1).decision.allowed).toBe(false);
  });
});

describe('a chain view of the shared limiter', () => {
  it('hands out every chain once, frees them in time order, and reports when one is surely free', () => {
    const v = new ChainView(5);
    const picked = [v.pick(), v.pick(), v.pick(), v.pick(), v.pick()];
    expect(new Set(picked).size).toBe(5);
    expect(v.pick()).toBeNull();
    const [a, b, c, d, e] = picked as [number, number, number, number, number];
    v.busyUntil(a, 500);
    v.busyUntil(b, 100, 900); // another instance's claim: look again at 100, surely free by 900
    v.busyUntil(c, 300);
    v.busyUntil(d, 200);
    v.freeAgain(e);
    expect(v.available).toBe(1);
    expect(v.surelyFreeAt).toBe(200);
    v.release(250);
    expect(v.available).toBe(3);
    expect(v.surelyFreeAt).toBe(300);
    expect([v.pick(), v.pick(), v.pick()].sort()).toEqual([b, d, e].sort());
    v.release(1000);
    expect(v.surelyFreeAt).toBeNull();
    expect([v.pick(), v.pick(), v.pick()].sort()).toEqual([a, c, null].sort());
  });
});
