import type { LinkRule } from '../../domain/rule-schemas.js';
import { type Condition, compileConditions, factOf, holds, type SetKind } from './conditions.js';
import type { VisitFacts } from './visit-facts.js';

/** A rule, compiled: its conditions and the target it sends a matching visit to (as the redirect sends it). */
export interface CompiledRule {
  conditions: Condition[];
  to: string;
}

/** Rule masks: bit i of word i >> 5 stands for rule i (rule order, so the lowest set bit is the first rule). */
type Mask = readonly number[];

/** One fact a set condition looks at, over all of a link's rules. */
interface Dimension {
  kind: SetKind;
  /** The rules that do not constrain it. */
  free: Mask;
  /** The rules that do (the complement of `free`). */
  constrained: Mask;
  /** Each value a rule accepts -> the rules that accept it. */
  byValue: ReadonlyMap<string, Mask>;
}

/**
 * A link's rules compiled into a decision structure: per fact its rules set conditions on, which
 * rules each value of it satisfies, so a visit ANDs one mask per fact rather than testing each rule
 * in turn; the rest of each rule's conditions (times, query, address) are tested only for the rules
 * still in the running, in rule order. Plain data, frozen: links with equal rules share one copy.
 */
export interface CompiledRules {
  readonly count: number;
  /** The facts some rule sets a condition on, cheapest to work out first. */
  readonly dimensions: readonly Dimension[];
  /** Per rule, its conditions that are not on a set of values, cheapest first. */
  readonly rest: readonly (readonly Condition[])[];
  readonly to: readonly string[];
}

const SET_ORDER: readonly SetKind[] = ['country', 'continent', 'device', 'os', 'browser', 'language', 'region'];

const words = (count: number) => new Array<number>((count + 31) >>> 5).fill(0);
const setBit = (m: number[], i: number) => {
  m[i >>> 5]! |= 1 << (i & 31);
};

function dimensionOf(kind: SetKind, rules: readonly CompiledRule[]): Dimension | null {
  const free = words(rules.length);
  const constrained = words(rules.length);
  const byValue = new Map<string, number[]>();
  rules.forEach((r, i) => {
    const c = r.conditions.find((x) => x.kind === kind);
    if (c === undefined || !('values' in c)) {
      setBit(free, i);
      return;
    }
    setBit(constrained, i);
    for (const v of c.values) {
      const m = byValue.get(v) ?? words(rules.length);
      byValue.set(v, m);
      setBit(m, i);
    }
  });
  if (constrained.every((w) => w === 0)) return null;
  for (const m of byValue.values()) Object.freeze(m);
  return Object.freeze({ kind, free: Object.freeze(free), constrained: Object.freeze(constrained), byValue });
}

/** Compile a link's rules once (when it is cached); `target` turns a rule's URL into what the redirect sends. */
export function compileRules(rules: readonly LinkRule[], target: (url: string) => string): CompiledRules {
  const compiled: CompiledRule[] = rules.map((r) => ({ conditions: compileConditions(r.if), to: target(r.to) }));
  return Object.freeze({
    count: compiled.length,
    dimensions: Object.freeze(SET_ORDER.map((k) => dimensionOf(k, compiled)).filter((d): d is Dimension => d !== null)),
    rest: Object.freeze(compiled.map((r) => Object.freeze(r.conditions.filter((c) => !('values' in c))))),
    to: Object.freeze(compiled.map((r) => r.to)),
  });
}

/** The rules still in the running during one match (matching is synchronous: one buffer serves every visit). */
let running = new Int32Array(2);

/**
 * The first rule whose conditions all hold: its target, else null. Synchronous; nothing is awaited
 * and nothing allocated. A fact is worked out only when a rule still in the running asks for it.
 */
export function firstMatch(rules: CompiledRules, f: VisitFacts): string | null {
  const n = rules.count;
  if (n === 0) return null;
  const w = (n + 31) >>> 5;
  if (running.length < w) running = new Int32Array(w);
  const c = running;
  for (let i = 0; i < w; i++) c[i] = -1;
  if ((n & 31) !== 0) c[w - 1] = (1 << (n & 31)) - 1;
  for (const d of rules.dimensions) {
    let asked = 0;
    for (let i = 0; i < w; i++) asked |= c[i]! & d.constrained[i]!;
    if (asked === 0) continue;
    const v = factOf(d.kind, f);
    const accepting = v === null ? undefined : d.byValue.get(v);
    let left = 0;
    for (let i = 0; i < w; i++) left |= c[i] = c[i]! & (d.free[i]! | (accepting === undefined ? 0 : accepting[i]!));
    if (left === 0) return null;
  }
  for (let i = 0; i < w; i++) {
    for (let bits = c[i]!; bits !== 0; bits &= bits - 1) {
      const rule = (i << 5) + 31 - Math.clz32(bits & -bits);
      const rest = rules.rest[rule]!;
      let all = true;
      for (let j = 0; j < rest.length && all; j++) all = holds(rest[j]!, f);
      if (all) return rules.to[rule]!;
    }
  }
  return null;
}
