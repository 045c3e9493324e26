import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { LinkRule } from '../../src/domain/rule-schemas.js';
import { compileRules, firstMatch } from '../../src/redirect/adapt/compile-rules.js';
import { compileConditions, holds } from '../../src/redirect/adapt/conditions.js';
import { SharedRules } from '../../src/redirect/adapt/shared-rules.js';
import { VisitFacts } from '../../src/redirect/adapt/visit-facts.js';
import { seeded } from '../support/seeded-random.js';

/**
 * The compiled decision structure gives the answer of the rules' definition, the first rule in
 * order whose conditions all hold, over random rule lists (empty ones, rules without conditions,
 * up to 50 rules: more than one 32-bit mask word, values in either case) and random visits (facts
 * missing among them).
 */

const NOW = Date.parse('2026-11-21T10:00:00Z');
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Android 14; Mobile; rv:120.0) Gecko/120.0 Firefox/120.0',
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  undefined,
];

function generator(seed: number) {
  const r = seeded(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const some = <T>(xs: readonly T[]): T[] => [...new Set(Array.from({ length: 1 + Math.floor(r() * 3) }, () => pick(xs)))];
  const maybe = (p: number) => r() < p;
  const at = (hours: number) => new Date(NOW + hours * 3_600_000).toISOString();
  function conditions(): Record<string, unknown> {
    const c: Record<string, unknown> = {};
    if (maybe(0.3)) c.country = some(['DE', 'de', 'US', 'fr', 'AT']);
    if (maybe(0.2)) c.continent = some(['EU', 'eu', 'NA', 'AS']);
    if (maybe(0.15)) c.region = some(['DE-BE', 'de-by', 'US-CA']);
    if (maybe(0.25)) c.device = some(['mobile', 'Desktop', 'tablet']);
    if (maybe(0.2)) c.os = some(['iOS', 'windows', 'Android', 'macOS']);
    if (maybe(0.2)) c.browser = some(['Chrome', 'firefox', 'Safari', 'Mobile Safari']);
    if (maybe(0.15)) c.language = some(['de', 'EN', 'fr']);
    if (maybe(0.15)) c.query = maybe(0.5) ? { ref: pick(['partner', '*']) } : { ref: '*', a: pick(['1', '2']) };
    if (maybe(0.15)) c.ip = some(['10.0.0.0/8', '198.51.100.0/24', '2001:db8::/32', '0.0.0.0/0']);
    if (maybe(0.15)) c.after = at(pick([-2, 0, 3]));
    if (maybe(0.15)) c.before = at(pick([-1, 1, 5]));
    return c;
  }
  const rules = (): LinkRule[] =>
    Array.from({ length: pick([0, 1, 2, 5, 31, 32, 33, 40, 50]) }, (_v, i) => ({ if: conditions(), to: `https://${i}.test/` })) as LinkRule[];
  function visit(): VisitFacts {
    const req = new IncomingMessage(new Socket());
    req.url = pick(['/p', '/p?ref=partner', '/p?ref=other&a=1', '/p?a=2&ref=', '/p?']);
    const ua = pick(AGENTS);
    const language = pick(['de-DE,de;q=0.9', 'EN', 'fr;q=0.5', undefined]);
    req.headers = { ...(ua ? { 'user-agent': ua } : {}), ...(language ? { 'accept-language': language } : {}) };
    const ip = pick(['10.1.2.3', '198.51.100.7', '2001:db8::1', '8.8.8.8', '::ffff:10.9.9.9', 'unknown']);
    const region = pick(['DE-BE', 'DE-BY', 'US-CA', null]);
    const now = NOW + pick([-3, 0, 2, 4, 6]) * 3_600_000;
    return new VisitFacts(req, now, pick(['DE', 'US', 'FR', 'AT', 'JP', null]), { clientOf: () => ip, regionOf: () => region });
  }
  return { rules, visit };
}

/** The definition: each rule in turn, each of its conditions in turn. */
function firstInTurn(rules: readonly LinkRule[], f: VisitFacts): string | null {
  for (const r of rules) if (compileConditions(r.if).every((c) => holds(c, f))) return r.to;
  return null;
}

describe('compiled rules', () => {
  it('answer as the rules tested one by one, over random rule lists and visits', () => {
    const g = generator(20261128);
    let matched = 0;
    let cases = 0;
    for (let list = 0; list < 1500; list++) {
      const rules = g.rules();
      const compiled = compileRules(rules, (u) => u);
      for (let v = 0; v < 8; v++) {
        const f = g.visit();
        const want = firstInTurn(rules, f);
        expect(firstMatch(compiled, f), JSON.stringify({ rules, url: f.req.url, country: f.country })).toBe(want);
        if (want !== null) matched++;
        cases++;
      }
    }
    // Both answers occur often: the comparison is not of nulls only.
    expect(matched).toBeGreaterThan(cases / 4);
    expect(matched).toBeLessThan(cases - cases / 10);
  });

  it('takes a rule without conditions, and nothing from an empty list', () => {
    const f = generator(1).visit();
    expect(
      firstMatch(
        compileRules([], (u) => u),
        f,
      ),
    ).toBeNull();
    const rules = [
      { if: { country: ['ZZ'] }, to: 'https://no.test/' },
      { if: {}, to: 'https://any.test/' },
    ] as LinkRule[];
    expect(
      firstMatch(
        compileRules(rules, (u) => u),
        f,
      ),
    ).toBe('https://any.test/');
  });

  it('rules out every candidate from one fact without working out the others', () => {
    let regionReads = 0;
    const req = new IncomingMessage(new Socket());
    req.url = '/p';
    req.headers = {};
    const f = new VisitFacts(req, NOW, 'DE', {
      clientOf: () => '10.0.0.1',
      regionOf: () => {
        regionReads++;
        return 'DE-BE';
      },
    });
    const rules = Array.from({ length: 40 }, (_v, i) => ({ if: { country: ['US'], region: ['DE-BE'] }, to: `https://${i}.test/` })) as LinkRule[];
    expect(
      firstMatch(
        compileRules(rules, (u) => u),
        f,
      ),
    ).toBeNull();
    expect(regionReads).toBe(0);
  });
});

describe('SharedRules', () => {
  const rules = [{ if: { country: ['DE'] }, to: 'https://de.test/?a=1' }] as LinkRule[];

  it('keeps one frozen copy per rule list and UTM values', () => {
    const shared = new SharedRules();
    const a = shared.of(rules, null, (u) => u);
    expect(shared.of(structuredClone(rules), null, (u) => u)).toBe(a);
    expect(Object.isFrozen(a) && Object.isFrozen(a.to) && Object.isFrozen(a.dimensions)).toBe(true);
    const utm = { source: 'mail' };
    const b = shared.of(rules, utm, (u) => `${u}&utm_source=mail`);
    expect(b).not.toBe(a);
    expect(b.to).toEqual(['https://de.test/?a=1&utm_source=mail']);
    expect(shared.of(rules, { source: 'mail' }, (u) => u)).toBe(b);
  });

  it('starts over past its bound', () => {
    const shared = new SharedRules(2);
    const first = shared.of(rules, null, (u) => u);
    shared.of(rules, { source: 'a' }, (u) => u);
    shared.of(rules, { source: 'b' }, (u) => u);
    expect(shared.of(rules, null, (u) => u)).not.toBe(first);
  });

  it('starts over past a bound on characters too, so long rule lists are not held after their links', () => {
    const shared = new SharedRules(1_000, 20_000);
    const first = shared.of(rules, null, (u) => u);
    expect(shared.of(rules, null, (u) => u)).toBe(first);
    const long = (i: number) => [{ if: { country: ['FR'] }, to: `https://fr.test/${'x'.repeat(7_990)}${i}` }] as LinkRule[];
    for (let i = 0; i < 3; i++) shared.of(long(i), null, (u) => u);
    // Three keys of about 8,000 characters passed the 20,000: the table started over.
    const again = shared.of(rules, null, (u) => u);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
