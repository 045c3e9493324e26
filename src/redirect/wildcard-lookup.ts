import { aliasProblems } from '../domain/field-rules.js';
import { wildcardCandidates } from '../domain/wildcard-aliases.js';
import type { LinksRepository } from '../storage/links/repository.js';
import type { CachedLink } from './cached-link.js';
import { LinkCache } from './link-cache.js';
import type { SiteCache } from './sites.js';
import type { StaleIfError } from './stale-if-error.js';

/**
 * Paths of more than one segment: the link of the path itself, else the longest wildcard alias above
 * it (`help/*` for `help/a/b`). Each candidate is one cache key (a link or a known absence), so a
 * path costs at most one map lookup per segment; what the cache lacks is read in one store query (one
 * index probe per candidate). Resolution never depends on how many links exist.
 */
export class WildcardLookup {
  constructor(
    private readonly cache: LinkCache,
    private readonly links: Pick<LinksRepository, 'findRedirects'>,
    private readonly sites: SiteCache,
    private readonly stale: StaleIfError,
    /** A capped link's counted clicks (LinkReads.countedClicks). */
    private readonly clicksOf: (workspaceId: string, id: string) => Promise<number>,
  ) {}

  /** `exact`: the cache's answer for the path itself (undefined: not cached). */
  find(host: string, path: string, nowMs: number, exact: CachedLink | null | undefined): CachedLink | null | Promise<CachedLink | null> {
    if (exact) return exact;
    const read: string[] = [];
    if (exact === undefined && aliasProblems(path).length === 0) read.push(path);
    let cached: CachedLink | null = null;
    for (const candidate of wildcardCandidates(path)) {
      const hit = this.cache.get(LinkCache.key(host, candidate), nowMs);
      if (hit === undefined) read.push(candidate);
      else if (hit !== null) {
        cached = hit;
        break;
      }
    }
    if (read.length === 0) return cached;
    return this.load(host, read, cached, nowMs);
  }

  /** Reads the aliases the cache lacks (in precedence order) and answers the first found, else `cached`. */
  private async load(host: string, read: string[], cached: CachedLink | null, nowMs: number): Promise<CachedLink | null> {
    const generation = this.cache.generation;
    let found: Awaited<ReturnType<LinksRepository['findRedirects']>>;
    try {
      found = await this.links.findRedirects(host, read);
      this.stale.succeeded();
    } catch (e) {
      this.stale.failed(nowMs);
      for (const alias of read) {
        const old = this.cache.stale(LinkCache.key(host, alias), nowMs);
        if (old !== undefined) return this.stale.serve(old);
      }
      if (cached !== null) return cached;
      throw e;
    }
    const site = await this.sites.site(host, nowMs);
    const byAlias = new Map(found.map((l) => [l.alias, l]));
    let answer: CachedLink | null = null;
    for (const alias of read) {
      const link = byAlias.get(alias) ?? null;
      const clicks = link?.maxClicks != null ? await this.clicksOf(link.workspaceId, link.id) : 0;
      const entry = this.cache.set(LinkCache.key(host, alias), link, nowMs, generation, clicks, site);
      answer ??= entry;
    }
    return answer ?? cached;
  }
}
