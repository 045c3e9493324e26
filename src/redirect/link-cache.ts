import type { RedirectTarget } from '../storage/links/repository.js';

export type CachedLink = RedirectTarget;

/**
 * Size-bounded cache of links by (domain, alias), with negative entries for unknown aliases (a
 * separate, smaller bound, so probing cannot evict real links). When full, the oldest entry goes
 * (insertion order: no bookkeeping on the hot path; an evicted hot link is read back once).
 */
export class LinkCache {
  private hits = new Map<string, CachedLink & { at: number }>();
  private misses = new Map<string, number>();
  /**
   * Bumped by every invalidation. A lookup that started before a change must not cache what it
   * read: `set` takes the generation seen before the read and drops the result if it moved.
   */
  generation = 0;

  constructor(
    private readonly maxEntries = 100_000,
    private readonly maxMisses = 10_000,
    /** Positive and negative entries are re-read after this long (Infinity: only on invalidation). */
    private readonly ttlMs = Infinity,
    private readonly missTtlMs = 30_000,
  ) {}

  static key(domain: string, alias: string): string {
    return `${domain}/${alias}`;
  }

  /** undefined: not cached; null: cached as unknown. */
  get(key: string, nowMs: number): CachedLink | null | undefined {
    const hit = this.hits.get(key);
    if (hit) {
      if (nowMs - hit.at < this.ttlMs) return hit;
      this.hits.delete(key);
      return undefined;
    }
    const missAt = this.misses.get(key);
    if (missAt !== undefined) {
      if (nowMs - missAt < Math.min(this.missTtlMs, this.ttlMs)) return null;
      this.misses.delete(key);
    }
    return undefined;
  }

  set(key: string, link: RedirectTarget | null, nowMs: number, readAtGeneration = this.generation): void {
    if (readAtGeneration !== this.generation) return;
    if (link) {
      if (this.hits.size >= this.maxEntries) this.hits.delete(this.hits.keys().next().value!);
      this.hits.set(key, { id: link.id, workspaceId: link.workspaceId, destination: link.destination, geoTargeting: link.geoTargeting, at: nowMs });
      this.misses.delete(key);
    } else {
      if (this.misses.size >= this.maxMisses) this.misses.delete(this.misses.keys().next().value!);
      this.misses.set(key, nowMs);
    }
  }

  invalidate(key: string): void {
    this.generation++;
    this.hits.delete(key);
    this.misses.delete(key);
  }

  get size(): number {
    return this.hits.size;
  }
}
