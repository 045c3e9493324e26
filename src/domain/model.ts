import type { Plan } from './resource-schemas.js';
import type { Scope } from './scopes.js';

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
}

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
