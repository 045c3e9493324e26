import type { RedirectTarget } from '../storage/links/repository.js';

/** A cached link, with its target URLs made safe for a Location header. */
export interface CachedLink extends RedirectTarget {
  /** The domain it was found on (what its clicks record). */
  domain: string;
  at: number;
  /** No expiry, click cap, password or device targets: the plain redirect, nothing else checked. */
  plain: boolean;
  /** Capped links: clicks counted (the total when read, plus this instance's since; see RedirectHandler). */
  clicks: number;
}

/**
 * A URL as a Location header can carry it: Node refuses header values with characters outside
 * Latin-1, so non-ASCII characters are percent-encoded (and an IDN host turned to punycode) by the
 * WHATWG URL serializer, which leaves existing %XX escapes alone. Plain ASCII URLs are kept as given.
 */
export function locationSafe(url: string): string {
  if (/^[\x21-\x7e]*$/.test(url)) return url;
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

const safeMap = <M extends Record<string, string | undefined>>(m: M): M =>
  Object.fromEntries(Object.entries(m).map(([k, v]) => [k, v === undefined ? v : locationSafe(v)])) as M;

function entryOf(link: RedirectTarget, domain: string, at: number, clicks: number): CachedLink {
  const device = safeMap(link.deviceTargeting);
  return {
    domain,
    id: link.id,
    workspaceId: link.workspaceId,
    destination: locationSafe(link.destination),
    geoTargeting: safeMap(link.geoTargeting),
    deviceTargeting: device,
    expiresAt: link.expiresAt,
    expiredUrl: link.expiredUrl === null ? null : locationSafe(link.expiredUrl),
    maxClicks: link.maxClicks,
    passwordHash: link.passwordHash,
    plain: link.expiresAt === null && link.maxClicks === null && link.passwordHash === null && device.ios === undefined && device.android === undefined,
    clicks,
    at,
  };
}

/**
 * Size-bounded cache of links by (domain, alias), with negative entries for unknown aliases (a
 * separate, smaller bound, so probing cannot evict real links). When full, the oldest entry goes
 * (insertion order: no bookkeeping on the hot path; an evicted hot link is read back once). A link
 * past its freshness is kept until `staleMaxMs` after it was read: served only when the re-read
 * fails (stale-if-error, docs/adr/0022).
 */
export class LinkCache {
  private hits = new Map<string, CachedLink>();
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
    /** Capped links are re-read (their click total with them) at least this often. */
    private readonly cappedTtlMs = Infinity,
    /** How long after its read a link may still be served when the store cannot be read (0: never). */
    private readonly staleMaxMs = 0,
  ) {}

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
  set(key: string, link: RedirectTarget | null, nowMs: number, readAtGeneration = this.generation, clicks = 0): CachedLink | null {
    const entry = link && entryOf(link, key.slice(0, key.indexOf('/')), nowMs, clicks);
    if (readAtGeneration !== this.generation) return entry;
    if (entry) {
      if (this.hits.size >= this.maxEntries) this.hits.delete(this.hits.keys().next().value!);
      this.hits.set(key, entry);
      this.misses.delete(key);
    } else {
      if (this.misses.size >= this.maxMisses) this.misses.delete(this.misses.keys().next().value!);
      this.misses.set(key, nowMs);
    }
    return entry;
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
