import { type CidrBlock, inBlock, parseCidr } from '../../domain/cidr.js';
import type { RuleConditions } from '../../domain/rule-schemas.js';
import type { VisitFacts } from './visit-facts.js';

/**
 * One compiled condition: plain data that `holds` tests against a visit, awaiting nothing and
 * allocating nothing. Data rather than a closure per condition: a server holding thousands of links'
 * rules would otherwise call thousands of distinct closures from one call site. Conditions on a set
 * of values are not tested one by one on a visit: compile-rules.ts turns them into masks per fact
 * (docs/adr/0202); `holds` tests the others (times, query, address) of the rules still in the running.
 */
export type Condition =
  | { kind: 'after' | 'before'; ms: number }
  | { kind: 'country' | 'continent' | 'region' | 'device' | 'os' | 'browser' | 'language'; values: ReadonlySet<string> }
  | { kind: 'query'; pairs: readonly (readonly [string, string])[] }
  | { kind: 'ip'; blocks: readonly CidrBlock[] };

export type SetKind = Extract<Condition, { values: ReadonlySet<string> }>['kind'];

const upper = (values: readonly string[]) => new Set(values.map((v) => v.toUpperCase()));
const lower = (values: readonly string[]) => new Set(values.map((v) => v.toLowerCase()));

/** The visit's fact a set condition looks at (in the case its set is compiled to). */
export function factOf(kind: SetKind, f: VisitFacts): string | null {
  switch (kind) {
    case 'country':
      return f.country;
    case 'continent':
      return f.continent;
    case 'region':
      return f.region;
    case 'device':
      return f.device;
    case 'os':
      return f.os;
    case 'browser':
      return f.browser;
    case 'language':
      return f.language;
  }
}

/** Whether a compiled condition holds for a visit. */
export function holds(c: Condition, f: VisitFacts): boolean {
  switch (c.kind) {
    case 'after':
      return f.nowMs >= c.ms;
    case 'before':
      return f.nowMs < c.ms;
    case 'query': {
      const q = f.query;
      if (q.size === 0) return c.pairs.length === 0;
      for (const [name, value] of c.pairs) if (value === '*' ? !q.has(name) : !q.has(name, value)) return false;
      return true;
    }
    case 'ip': {
      const ip = f.ip;
      if (ip === null) return false;
      for (const b of c.blocks) if (inBlock(ip, b)) return true;
      return false;
    }
    default: {
      const v = factOf(c.kind, f);
      return v !== null && c.values.has(v);
    }
  }
}

/**
 * The compiler of each condition type (as Shlink's redirect conditions: one type, one way to match).
 * Lists become sets in the case the visit's facts come in; dates become epoch milliseconds; CIDR
 * blocks become word masks.
 */
const COMPILERS: { [K in keyof RuleConditions]-?: (value: NonNullable<RuleConditions[K]>) => Condition } = {
  after: (at) => ({ kind: 'after', ms: Date.parse(at) }),
  before: (at) => ({ kind: 'before', ms: Date.parse(at) }),
  country: (v) => ({ kind: 'country', values: upper(v) }),
  continent: (v) => ({ kind: 'continent', values: upper(v) }),
  region: (v) => ({ kind: 'region', values: upper(v) }),
  device: (v) => ({ kind: 'device', values: lower(v) }),
  os: (v) => ({ kind: 'os', values: lower(v) }),
  browser: (v) => ({ kind: 'browser', values: lower(v) }),
  language: (v) => ({ kind: 'language', values: lower(v) }),
  query: (wanted) => ({ kind: 'query', pairs: Object.entries(wanted) }),
  ip: (blocks) => ({ kind: 'ip', blocks: blocks.map((b) => parseCidr(b)).filter((b): b is CidrBlock => b !== null) }),
};

/** Cheapest first: times and header facts before the query string and the address are parsed. */
const ORDER: (keyof RuleConditions)[] = ['after', 'before', 'country', 'continent', 'device', 'os', 'browser', 'language', 'region', 'query', 'ip'];

/** A rule's conditions, compiled, cheapest first. */
export function compileConditions(c: RuleConditions): Condition[] {
  const out: Condition[] = [];
  for (const key of ORDER) {
    const value = c[key];
    if (value !== undefined) out.push((COMPILERS[key] as (v: unknown) => Condition)(value));
  }
  return out;
}
