import { hash } from 'node:crypto';

/**
 * A cache for parsed GraphQL documents (or their parse errors) bounded by bytes, not entries: each
 * entry's size is estimated from its source text (a parsed document takes about 80 times its source
 * in memory; see `documentBytes`), entries too large for one slot are not kept, and the oldest go
 * first when the budget is spent (a hit moves an entry to the back). Keys are SHA-256 digests of the
 * source, so the cache never holds a document's text itself.
 */
export class ByteBoundedCache<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private total = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly maxEntryBytes: number,
    private readonly sizeOf: (source: string) => number,
  ) {}

  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  get(source: string): V | undefined {
    // Too large to have been kept: not worth hashing.
    if (this.sizeOf(source) > this.maxEntryBytes) return undefined;
    const key = digest(source);
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  set(source: string, value: V): void {
    const bytes = this.sizeOf(source);
    if (bytes > this.maxEntryBytes) return;
    const key = digest(source);
    const old = this.entries.get(key);
    if (old) {
      this.total -= old.bytes;
      this.entries.delete(key);
    }
    for (const [k, e] of this.entries) {
      if (this.total + bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.total -= e.bytes;
    }
    this.entries.set(key, { value, bytes });
    this.total += bytes;
  }
}

/** One-shot (no Hash object): the same digest in about half the time, once per GraphQL request. */
function digest(source: string): string {
  return hash('sha256', source, 'base64');
}

/** Estimated memory of a parsed document (its AST, locations and the source they point to). */
export const documentBytes = (source: string): number => 2048 + 100 * source.length;

/** Estimated memory of a parse error (it keeps the source it points into). */
export const errorBytes = (source: string): number => 2048 + 2 * source.length;
