import { shortUrl } from './field-rules.js';
import type { DestinationHealth, Link } from './model.js';

/** destination_health as the schema reads it: each field a plain property under its own name. */
export interface HealthView {
  status: DestinationHealth['status'];
  http_status: number | null;
  checked_at: Date | null;
}

/**
 * A link as the schema's Link type reads it: every output field a plain property under its own
 * name, computed once when the link enters the schema. The Link type's fields then have no
 * resolver, and the compiled query reads them inline (no resolver call, resolve info or path per
 * field and link). DateTime fields stay Dates: their scalar formats them. The fields that take
 * arguments (stats, qr_svg) keep their resolvers and read id, domain and alias from here.
 */
export interface LinkView {
  id: string;
  short_url: string;
  domain: string;
  alias: string;
  destination: string;
  title: string | null;
  external_id: string | null;
  geo_targeting: Record<string, string>;
  device_targeting: Link['deviceTargeting'];
  tags: string[];
  expires_at: Date | null;
  expired_url: string | null;
  max_clicks: number | null;
  password_protected: boolean;
  status: Link['status'];
  destination_health: HealthView;
  clicks: number;
  created_at: Date;
  updated_at: Date;
  rules: Link['rules'];
  variants: Link['variants'];
  utm: Link['utm'];
  preview: Link['preview'];
}

export function linkView(l: Link): LinkView {
  const h = l.health;
  return {
    id: l.id,
    short_url: shortUrl(l.domain, l.alias),
    domain: l.domain,
    alias: l.alias,
    destination: l.destination,
    title: l.title,
    external_id: l.externalId,
    geo_targeting: l.geoTargeting,
    device_targeting: l.deviceTargeting,
    tags: l.tags,
    expires_at: l.expiresAt,
    expired_url: l.expiredUrl,
    max_clicks: l.maxClicks,
    password_protected: l.passwordHash !== null,
    status: l.status,
    destination_health: { status: h.status, http_status: h.httpStatus, checked_at: h.checkedAt },
    clicks: l.clicks,
    created_at: l.createdAt,
    updated_at: l.updatedAt,
    rules: l.rules,
    variants: l.variants,
    utm: l.utm,
    preview: l.preview,
  };
}

/** A page of links as views, mapped once in one loop. */
export function linkViews(links: readonly Link[]): LinkView[] {
  const out = new Array<LinkView>(links.length);
  for (let i = 0; i < links.length; i++) out[i] = linkView(links[i]!);
  return out;
}

/** linkView of a link that may be absent (a mutation's nullable result, a node not found). */
export const linkViewOrNull = (l: Link | null | undefined): LinkView | null => (l ? linkView(l) : null);
