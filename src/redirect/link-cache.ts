import { RandomEvictMap } from '../domain/random-evict-map.js';
import type { RedirectTarget } from '../storage/links/repository.js';
import { SharedRules } from './adapt/shared-rules.js';
import { entryOf, Interned, SharedTargets } from './cache-entry.js';
import type { CachedLink } from './cached-link.js';
import { Places } from './plain-entry.js';
import type { Site } from './sites.js';

export { locationSafe } from './cache-entry.js';

/** A site for links cached without one (tests of the cache alone): nothing set, not crawlable. */
const NO_SITE: Site = { rootUrl: '/', notFoundUrl: null, expiredUrl: null, crawlable: false, aasa: null, assetlinks: null };

/**
 * Size-bounded cache of links by (domain, alias), with negative entries for unknown aliases (a
 * separate, smaller bound, so probing cannot evict real links). When full, a random entry goes (no
 * bookkeeping on the hot path; an evicted hot link is read back once; docs/adr/0096). A link
 * past its freshness is kept until `staleMaxMs` after it was read: served only when the re-read
 * fails (stale-if-error, docs/adr/0022).
 */
export class LinkCache {
  private readonly hits: RandomEvictMap<CachedLink>;
  private readonly misses: RandomEvictMap<number>;
  /** Workspace ids, domains, country targets and plain links' places, one copy each for all the entries that have them. */
  private readonly shared = { names: new Interned(), targets: new SharedTargets(), rules: new SharedRules(), places: new Places() };
  /**
   * Bumped by every invalidation. A lookup that started before a change must not cache what it
   * read: `set` takes the generation seen before the read and drops the result if it moved.
   */
  generation = 0;

  constructor(
    maxEntries = 100_000,
    maxMisses = 10_000,
    /** Positive and negative entries are re-read after this long (Infinity: only on invalidation). */
    private readonly ttlMs = Infinity,
    private readonly missTtlMs = 30_000,
    /** Capped links are re-read (their click total with them) at least this often. */
    private readonly cappedTtlMs = Infinity,
    /** How long after its read a link may still be served when the store cannot be read (0: never). */
    private readonly staleMaxMs = 0,
  ) {
    this.hits = new RandomEvictMap(maxEntries);
    this.misses = new RandomEvictMap(maxMisses);
  }

  static key(domain: string, alias: string): string {
    return `${domain}/${alias}`;
  }

  /** undefined: not cached (or no longer fresh); null: cached as unknown. */
  get(key: string, nowMs: number): CachedLink | null | undefined {
    const hit = this.hits.get(key);
    if (hit) {
      const age = nowMs - hit.at;
      if (age < (hit.maxClicks === null ? this.ttlMs : Math.min(this.ttlMs, this.cappedTtlMs))) return hit;
      if (age >= this.staleMaxMs) this.hits.delete(key);
      return undefined;
    }
    const missAt = this.misses.get(key);
    if (missAt !== undefined) {
      if (nowMs - missAt < Math.min(this.missTtlMs, this.ttlMs)) return null;
      this.misses.delete(key);
    }
    return undefined;
  }

  /** A link past its freshness, read less than `staleMaxMs` ago: what to serve if it cannot be read again. */
  stale(key: string, nowMs: number): CachedLink | undefined {
    const hit = this.hits.get(key);
    return hit && nowMs - hit.at < this.staleMaxMs ? hit : undefined;
  }

  /** Keeps what a lookup read (unless a change raced with it), and returns the entry to answer with. */
  set(key: string, link: RedirectTarget | null, nowMs: number, readAtGeneration = this.generation, clicks = 0, site = NO_SITE): CachedLink | null {
    const entry = link && entryOf(link, nowMs, clicks, site, this.shared);
    if (readAtGeneration !== this.generation) return entry;
    if (entry) {
      this.hits.set(key, entry);
      this.misses.delete(key);
    } else {
      this.misses.set(key, nowMs);
    }
    return entry;
  }

  invalidate(key: string): void {
    this.generation++;
    this.hits.delete(key);
    this.misses.delete(key);
  }

  /** Forget every entry of a domain (its settings changed: its links are compiled with them). One pass, on a rare change. */
  forgetDomain(host: string): void {
    this.generation++;
    const prefix = `${host}/`;
    // keys() gives the keys held at the call: deleting while going through them is safe.
    for (const key of this.hits.keys()) if (key.startsWith(prefix)) this.hits.delete(key);
    for (const key of this.misses.keys()) if (key.startsWith(prefix)) this.misses.delete(key);
  }

  /** Forget everything (an operator decision or a workspace deletion elsewhere: rare). */
  clear(): void {
    this.generation++;
    this.hits.clear();
    this.misses.clear();
  }

  get size(): number {
    return this.hits.size;
  }
}
