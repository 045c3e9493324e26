import type { Preview } from './preview-schemas.js';
import type { Plan } from './resource-schemas.js';
import type { LinkRule } from './rule-schemas.js';
import type { Scope } from './scopes.js';
import type { Utm } from './utm-schemas.js';
import type { Variant } from './variant-schemas.js';

/** Plain domain records. Adapters map their rows/documents to these; nothing here knows storage. */

export interface Workspace {
  id: string;
  slug: string;
  plan: Plan;
  rateLimitRpm: number;
  createdAt: Date;
  /** Members must have a second factor (TOTP or a passkey) to act in it (set by an owner). */
  require2fa: boolean;
}

export interface Link {
  id: string;
  workspaceId: string;
  domain: string;
  alias: string;
  destination: string;
  geoTargeting: Record<string, string>;
  /** Display names (each tag's canonical spelling in its workspace), in the link's order. */
  tags: string[];
  clicks: number;
  createdAt: Date;
  updatedAt: Date;
  title: string | null;
  externalId: string | null;
  expiresAt: Date | null;
  expiredUrl: string | null;
  maxClicks: number | null;
  /** The password's salted slow hash (src/domain/passwords.ts); never returned. */
  passwordHash: string | null;
  deviceTargeting: { ios?: string; android?: string };
  /** Ordered redirect rules (first match wins), or null. */
  rules: LinkRule[] | null;
  /** A/B variants (weights sum to 100), or null. */
  variants: Variant[] | null;
  /** UTM values set on the chosen target URL, or null. */
  utm: Utm | null;
  /** What link-preview crawlers are shown, or null. */
  preview: Preview | null;
  /** Computed when read: expired (past expiresAt), exhausted (clicks reached maxClicks) or active. */
  status: 'active' | 'expired' | 'exhausted';
  /** What the last checks of its current targets found (unknown until they are checked). */
  health: DestinationHealth;
}

/** A link's destination health: two failed checks in a row make it broken, one good check ok again. */
export interface DestinationHealth {
  status: 'ok' | 'broken' | 'unknown';
  /** The answer of the failing target (or of the destination when all are fine); null when none came. */
  httpStatus: number | null;
  checkedAt: Date | null;
}

export const UNKNOWN_HEALTH: DestinationHealth = Object.freeze({ status: 'unknown', httpStatus: null, checkedAt: null });

/** A link's status at `now` with `clicks` counted: expiry first, then the click cap. */
export function linkStatus(link: Pick<Link, 'expiresAt' | 'maxClicks'>, clicks: number, nowMs: number): Link['status'] {
  if (link.expiresAt !== null && link.expiresAt.getTime() <= nowMs) return 'expired';
  if (link.maxClicks !== null && clicks >= link.maxClicks) return 'exhausted';
  return 'active';
}

export interface Tag {
  name: string;
  links: number;
  createdAt: Date;
}

export interface Domain {
  host: string;
  workspaceId: string;
  createdAt: Date;
  settings: DomainSettings;
}

/** What a domain serves besides its links (null: the service's default). */
export interface DomainSettings {
  /** Where `/` goes. */
  rootUrl: string | null;
  /** Where unknown aliases go (instead of the 404 page). */
  notFoundUrl: string | null;
  /** Where the domain's expired or exhausted links go when they set no expired_url (instead of 410). */
  expiredUrl: string | null;
  /** Whether search engines may index it (robots.txt allows, redirects carry no X-Robots-Tag). */
  crawlable: boolean;
  appleAppSiteAssociation: Record<string, unknown> | null;
  assetlinks: unknown[] | null;
}

export const NO_DOMAIN_SETTINGS: DomainSettings = Object.freeze({
  rootUrl: null,
  notFoundUrl: null,
  expiredUrl: null,
  crawlable: false,
  appleAppSiteAssociation: null,
  assetlinks: null,
});

export interface ApiKey {
  id: string;
  workspaceId: string;
  name: string;
  /** kid of the signing key that signed its secret. */
  kid: string;
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  /** Set once, when the successor of an expiring key is issued. */
  successorId: string | null;
  /** What the key may do, as granted (keys issued before scopes existed hold every scope). */
  scopes: Scope[];
  /** Restricted keys (docs/adr/0121): only links on these domains (null: any domain)... */
  domains: string[] | null;
  /** ...carrying one of these tags (null: any link). */
  tags: string[] | null;
}

export interface SigningKey {
  kid: string;
  /** JWKs as JSON text (the private one never leaves the store except to sign). */
  privateJwk: string;
  publicJwk: string;
  createdAt: Date;
}
