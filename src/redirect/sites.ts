import type { Config } from '../config/env.js';
import type { Domain } from '../domain/model.js';
import { RandomEvictMap } from '../domain/random-evict-map.js';
import type { DomainsRepository } from '../storage/domains/repository.js';

/** What a host serves besides its links, as the redirect uses it (the service's defaults filled in). */
export interface Site {
  rootUrl: string;
  notFoundUrl: string | null;
  /** The default of the domain's links without an expired_url (null: 410). */
  expiredUrl: string | null;
  crawlable: boolean;
  /** The app-link files as the JSON text served, or null (404). */
  aasa: string | null;
  assetlinks: string | null;
}

/** A host without settings of its own (the default domain, an unknown Host): the service's settings. */
export function defaultSite(config: Pick<Config, 'rootUrl' | 'notFoundUrl'>): Site {
  return { rootUrl: config.rootUrl, notFoundUrl: config.notFoundUrl ?? null, expiredUrl: null, crawlable: false, aasa: null, assetlinks: null };
}

function siteOf(d: Domain, fallback: Site): Site {
  const s = d.settings;
  return {
    rootUrl: s.rootUrl ?? fallback.rootUrl,
    notFoundUrl: s.notFoundUrl ?? fallback.notFoundUrl,
    expiredUrl: s.expiredUrl,
    crawlable: s.crawlable,
    aasa: s.appleAppSiteAssociation === null ? null : JSON.stringify(s.appleAppSiteAssociation),
    assetlinks: s.assetlinks === null ? null : JSON.stringify(s.assetlinks),
  };
}

/**
 * Domain settings by host, read once and kept like links (docs/adr/0020): for ever on the embedded
 * store, `ttlMs` on MongoDB; a change on this instance drops the host's entry at once. Bounded: past
 * `max` hosts a random entry goes (docs/adr/0096) (an unknown Host header is kept as the default site, so probing
 * with random hosts costs one read each, then nothing).
 */
export class SiteCache {
  private readonly entries: RandomEvictMap<{ site: Site; at: number }>;
  readonly fallback: Site;
  generation = 0;

  constructor(
    private readonly domains: Pick<DomainsRepository, 'get'>,
    config: Pick<Config, 'rootUrl' | 'notFoundUrl'>,
    private readonly ttlMs = Number.POSITIVE_INFINITY,
    max = 10_000,
  ) {
    this.entries = new RandomEvictMap(max);
    this.fallback = defaultSite(config);
  }

  /** The host's settings: at once when known, else after one read. */
  site(host: string | null, nowMs: number): Site | Promise<Site> {
    if (host === null) return this.fallback;
    const e = this.entries.get(host);
    if (e !== undefined && nowMs - e.at < this.ttlMs) return e.site;
    return this.load(host, nowMs);
  }

  private async load(host: string, nowMs: number): Promise<Site> {
    const generation = this.generation;
    const d = await this.domains.get(host);
    const site = d === null ? this.fallback : siteOf(d, this.fallback);
    if (generation === this.generation) {
      this.entries.set(host, { site, at: nowMs });
    }
    return site;
  }

  invalidate(host: string): void {
    this.generation++;
    this.entries.delete(host);
  }

  /** Forget every host's settings (a workspace deleted elsewhere freed its domains). */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
