import { type TaggedDoc, tagEntries } from '../tags/mongo.js';
import type { LinkRow, NewLink, RedirectTarget } from './repository.js';

/** Behaviour fields are absent on documents written before they existed (read as null / {}). */
export interface LinkDoc extends TaggedDoc {
  domain: string;
  alias: string;
  destination: string;
  geo: Record<string, string>;
  createdAt: Date;
  updatedAt: Date;
  title?: string | null;
  externalId?: string | null;
  /**
   * `x:<external id>`, or `i:<link id>` when there is none: unique per workspace. FerretDB has no
   * partial or sparse indexes, so links without an external id take a value no other link has.
   */
  extKey?: string;
  expiresAt?: Date | null;
  expiredUrl?: string | null;
  maxClicks?: number | null;
  passwordHash?: string | null;
  device?: RedirectTarget['deviceTargeting'];
}

export const extKey = (id: string, externalId: string | null | undefined) => (externalId == null ? `i:${id}` : `x:${externalId}`);

export const REDIRECT_PROJECTION = {
  _id: 1,
  workspaceId: 1,
  destination: 1,
  geo: 1,
  device: 1,
  expiresAt: 1,
  expiredUrl: 1,
  maxClicks: 1,
  passwordHash: 1,
} as const;

export function redirectFields(d: Omit<LinkDoc, 'tagKeys' | 'domain' | 'alias' | 'createdAt' | 'updatedAt'>): RedirectTarget {
  return {
    id: d._id,
    workspaceId: d.workspaceId,
    destination: d.destination,
    geoTargeting: { ...(d.geo ?? {}) },
    deviceTargeting: { ...(d.device ?? {}) },
    expiresAt: d.expiresAt ?? null,
    expiredUrl: d.expiredUrl ?? null,
    maxClicks: d.maxClicks ?? null,
    passwordHash: d.passwordHash ?? null,
  };
}

/** The behaviour fields present in `l` as document fields. */
export function behaviourFields(l: Partial<LinkRow>): Partial<LinkDoc> {
  const out: Partial<LinkDoc> = {};
  if (l.title !== undefined) out.title = l.title;
  if (l.externalId !== undefined) out.externalId = l.externalId;
  if (l.expiresAt !== undefined) out.expiresAt = l.expiresAt;
  if (l.expiredUrl !== undefined) out.expiredUrl = l.expiredUrl;
  if (l.maxClicks !== undefined) out.maxClicks = l.maxClicks;
  if (l.passwordHash !== undefined) out.passwordHash = l.passwordHash;
  if (l.deviceTargeting !== undefined) out.device = { ...l.deviceTargeting };
  return out;
}

export function toDoc(link: NewLink): LinkDoc {
  return {
    _id: link.id,
    workspaceId: link.workspaceId,
    domain: link.domain,
    alias: link.alias,
    destination: link.destination,
    geo: { ...link.geoTargeting },
    tagKeys: tagEntries(link.tags).map((t) => t.key),
    createdAt: link.createdAt,
    updatedAt: link.createdAt,
    ...behaviourFields(link),
    extKey: extKey(link.id, link.externalId),
  };
}

export function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
