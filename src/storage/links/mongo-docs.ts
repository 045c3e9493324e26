import { type TaggedDoc, tagEntries } from '../tags/mongo.js';
import type { LinkRow, NewLink, RedirectTarget } from './repository.js';

/** A document's value of an optional field (absent on documents from before it: null). */
const orNull = <T>(v: T | null | undefined): T | null => (v === undefined ? null : v);

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
  /**
   * The rules as JSON text: their `query` conditions hold visitors' parameter names, which may start
   * with `$` or hold dots, as MongoDB field names may not.
   */
  rules?: string | null;
  variants?: RedirectTarget['variants'];
  utm?: RedirectTarget['utm'];
  preview?: RedirectTarget['preview'];
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
  domain: 1,
  alias: 1,
  title: 1,
  rules: 1,
  variants: 1,
  utm: 1,
  preview: 1,
} as const;

export function redirectFields(d: Omit<LinkDoc, 'tagKeys' | 'createdAt' | 'updatedAt'>): RedirectTarget {
  return {
    id: d._id,
    workspaceId: d.workspaceId,
    domain: d.domain,
    alias: d.alias,
    title: orNull(d.title),
    destination: d.destination,
    geoTargeting: { ...(d.geo ?? {}) },
    deviceTargeting: { ...(d.device ?? {}) },
    expiresAt: d.expiresAt ?? null,
    expiredUrl: d.expiredUrl ?? null,
    maxClicks: d.maxClicks ?? null,
    passwordHash: d.passwordHash ?? null,
    rules: typeof d.rules === 'string' ? (JSON.parse(d.rules) as RedirectTarget['rules']) : null,
    variants: orNull(d.variants),
    utm: orNull(d.utm),
    preview: orNull(d.preview),
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
  if (l.rules !== undefined) out.rules = l.rules === null ? null : JSON.stringify(l.rules);
  if (l.variants !== undefined) out.variants = l.variants;
  if (l.utm !== undefined) out.utm = l.utm;
  if (l.preview !== undefined) out.preview = l.preview;
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
