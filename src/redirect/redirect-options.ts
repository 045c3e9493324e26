import type { ClicksRepository } from '../storage/clicks/repository.js';
import type { DomainsRepository } from '../storage/domains/repository.js';
import type { RandomSource } from './adapt/variants.js';
import type { CachedLink } from './cached-link.js';
import type { SharedClickCaps } from './click-caps.js';
import type { CityLookup } from './geo.js';

/** What the redirect handler is given besides its store, settings, geo lookup, recorder and clock. */
export interface RedirectOptions {
  /**
   * How long a cached entry is trusted before it is read again. Infinity on the embedded store (one
   * instance: every change invalidates at once); 2 s on MongoDB, so a change made through another
   * instance is seen here within 2 s.
   */
  cacheTtlMs: number;
  /** The click totals, read with a capped link (its count is then kept here). */
  totals: Pick<ClicksRepository, 'totals'>;
  /** Capped links are re-read (with their stored click total) at least this often: the click writer's interval on MongoDB. */
  cappedTtlMs?: number;
  /** How long after its last read a link may be served when the store cannot be read (LSK_STALE_MAX_S; default 0: never). */
  staleMaxMs?: number;
  /** Domain settings (root, not-found and expired URLs, crawlable, app-link files), read per host. */
  domains: Pick<DomainsRepository, 'get'>;
  /** Whether a link's workspace was deleted (its purge not finished): it answers as an unknown alias. Synchronous, asked on every visit. */
  gone?: (link: CachedLink) => boolean;
  /** Whether a link answers link_disabled (disabled, suspended workspace, a target on a blocked host): synchronous, asked on every visit. */
  stops?: (link: CachedLink) => boolean;
  /** A/B draws (Math.random unless a test injects a seeded source). */
  random?: RandomSource;
  /** Region and city from a city database (when no trusted header names them): recorded, and asked by `region` rules. */
  city?: CityLookup | null;
  /** Where a capped link's clicks are taken when instances share the store (MongoDB); else they are taken here, in memory. */
  caps?: SharedClickCaps;
}
