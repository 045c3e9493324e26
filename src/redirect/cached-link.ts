import type { RedirectTarget } from '../storage/links/repository.js';
import type { AdaptiveParts } from './adapt/compile-link.js';

/**
 * A cached link: its target URLs as the redirect sends them (UTM values set, Location-safe), its
 * rules and variants compiled, its domain's settings applied (the domain's expired_url default).
 */
export interface CachedLink
  extends Pick<
      RedirectTarget,
      'id' | 'workspaceId' | 'domain' | 'alias' | 'destination' | 'geoTargeting' | 'deviceTargeting' | 'expiresAt' | 'expiredUrl' | 'maxClicks' | 'passwordHash'
    >,
    AdaptiveParts {
  at: number;
  /** No expiry, click cap, password, device targets, rules, variants, preview or wildcard: the plain redirect, nothing else checked. */
  plain: boolean;
  /** Every target URL as stored (rules', variants' and the expired URL in effect included): what the blocklist checks on visits. */
  targetUrls: readonly string[];
  /** Capped links: clicks counted (the total when read, plus this instance's since; see RedirectHandler). */
  clicks: number;
}
