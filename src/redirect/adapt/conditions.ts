import { type CidrBlock, inBlock, parseCidr } from '../../domain/cidr.js';
import type { RuleConditions } from '../../domain/rule-schemas.js';
import type { VisitFacts } from './visit-facts.js';

/** One compiled condition: a test of a visit that awaits nothing and allocates nothing. */
export type Condition = (f: VisitFacts) => boolean;

const upper = (values: readonly string[]) => new Set(values.map((v) => v.toUpperCase()));
const lower = (values: readonly string[]) => new Set(values.map((v) => v.toLowerCase()));

/** A fact of the visit (in the case its set is compiled to) is one of the listed values. */
const oneOf =
  (values: ReadonlySet<string>, fact: (f: VisitFacts) => string | null): Condition =>
  (f) => {
    const v = fact(f);
    return v !== null && values.has(v);
  };

function queryCondition(wanted: Record<string, string>): Condition {
  const pairs = Object.entries(wanted);
  return (f) => {
    const q = f.query;
    for (const [name, value] of pairs) {
      if (value === '*' ? !q.has(name) : !q.getAll(name).includes(value)) return false;
    }
    return true;
  };
}

function ipCondition(blocks: readonly string[]): Condition {
  const table = blocks.map((b) => parseCidr(b)).filter((b): b is CidrBlock => b !== null);
  return (f) => {
    const ip = f.ip;
    if (ip === null) return false;
    for (const b of table) if (inBlock(ip, b)) return true;
    return false;
  };
}

/**
 * The compiler of each condition type (as Shlink's redirect conditions: one type, one way to match).
 * Lists become sets in the case the visit's facts come in; dates become epoch milliseconds; CIDR
 * blocks become word masks.
 */
const COMPILERS: { [K in keyof RuleConditions]-?: (value: NonNullable<RuleConditions[K]>) => Condition } = {
  after: (at) => {
    const ms = Date.parse(at);
    return (f) => f.nowMs >= ms;
  },
  before: (at) => {
    const ms = Date.parse(at);
    return (f) => f.nowMs < ms;
  },
  country: (v) => oneOf(upper(v), (f) => f.country),
  continent: (v) => oneOf(upper(v), (f) => f.continent),
  region: (v) => oneOf(upper(v), (f) => f.region),
  device: (v) => oneOf(lower(v), (f) => f.device),
  os: (v) => oneOf(lower(v), (f) => f.os),
  browser: (v) => oneOf(lower(v), (f) => f.browser),
  language: (v) => oneOf(lower(v), (f) => f.language),
  query: queryCondition,
  ip: ipCondition,
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
