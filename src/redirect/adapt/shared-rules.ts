import type { LinkRule } from '../../domain/rule-schemas.js';
import type { Utm } from '../../domain/utm-schemas.js';
import { type CompiledRules, compileRules } from './compile-rules.js';

/**
 * One compiled copy of each rule list however many cached links have it (links made for one
 * campaign often carry the same rules): compiled rules depend only on the rules and the link's UTM
 * values (a rule's target is its URL with them set, made safe for a Location header), so those are
 * the key. Frozen, asked only when a link is read into the cache, never on a hit. Bounded: past
 * `max` distinct lists it starts over.
 */
export class SharedRules {
  private readonly values = new Map<string, CompiledRules>();

  constructor(private readonly max = 1_000) {}

  of(rules: readonly LinkRule[], utm: Utm | null, target: (url: string) => string): CompiledRules {
    const key = JSON.stringify([rules, utm]);
    const known = this.values.get(key);
    if (known !== undefined) return known;
    if (this.values.size >= this.max) this.values.clear();
    const compiled = compileRules(rules, target);
    this.values.set(key, compiled);
    return compiled;
  }
}
