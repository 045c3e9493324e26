import type { LinkRule } from '../../domain/rule-schemas.js';
import type { Utm } from '../../domain/utm-schemas.js';
import { SharedTable } from '../bounded-shared-table.js';
import { type CompiledRules, compileRules } from './compile-rules.js';

/**
 * One compiled copy of each rule list however many cached links have it (links made for one
 * campaign often carry the same rules): compiled rules depend only on the rules and the link's UTM
 * values (a rule's target is its URL with them set, made safe for a Location header), so those are
 * the key. Frozen, asked only when a link is read into the cache, never on a hit. Bounded: past
 * `max` distinct lists, or past `maxChars` characters of keys (a list's rule URLs may be 8,192
 * characters each, so a count alone would let a thousand long lists stay held after their links
 * left the cache), it starts over.
 */
export class SharedRules {
  private readonly values: SharedTable<CompiledRules>;

  constructor(max = 1_000, maxChars?: number) {
    this.values = new SharedTable(max, maxChars);
  }

  of(rules: readonly LinkRule[], utm: Utm | null, target: (url: string) => string): CompiledRules {
    const key = JSON.stringify([rules, utm]);
    return this.values.get(key) ?? this.values.set(key, compileRules(rules, target));
  }
}
