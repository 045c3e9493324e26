import type { LinkRule } from '../../domain/rule-schemas.js';
import { type Condition, compileConditions, holds } from './conditions.js';
import type { VisitFacts } from './visit-facts.js';

/** A rule, compiled: its conditions and the target it sends a matching visit to (as the redirect sends it). */
export interface CompiledRule {
  conditions: Condition[];
  to: string;
}

/** Compile a link's rules once (when it is cached); `target` turns a rule's URL into what the redirect sends. */
export function compileRules(rules: readonly LinkRule[], target: (url: string) => string): CompiledRule[] {
  return rules.map((r) => ({ conditions: compileConditions(r.if), to: target(r.to) }));
}

/** The first rule whose conditions all hold: its target, else null. Synchronous; nothing is awaited. */
export function firstMatch(rules: readonly CompiledRule[], f: VisitFacts): string | null {
  outer: for (let i = 0; i < rules.length; i++) {
    const cs = rules[i]!.conditions;
    for (let j = 0; j < cs.length; j++) if (!holds(cs[j]!, f)) continue outer;
    return rules[i]!.to;
  }
  return null;
}
