import { shortUrl } from '../domain/field-rules.js';
import type { DestinationHealth, Link } from '../domain/model.js';
import type { EventType } from '../domain/webhook-schemas.js';

/** destination_health as the API returns it. */
export const healthJson = (h: DestinationHealth) => ({ status: h.status, http_status: h.httpStatus, checked_at: h.checkedAt?.toISOString() ?? null });

/** The link exactly as the API returns it (the `link` of link.* events). */
export function linkJson(l: Link): Record<string, unknown> {
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
    expires_at: l.expiresAt?.toISOString() ?? null,
    expired_url: l.expiredUrl,
    max_clicks: l.maxClicks,
    password_protected: l.passwordHash !== null,
    status: l.status,
    destination_health: healthJson(l.health),
    clicks: l.clicks,
    created_at: l.createdAt.toISOString(),
    updated_at: l.updatedAt.toISOString(),
    rules: l.rules,
    variants: l.variants,
    utm: l.utm,
    preview: l.preview,
  };
}

/** What link.clicked says about the click (no address, no full user agent). */
export interface ClickData {
  timestamp: string;
  country: string | null;
  device: string;
  browser: string | null;
  os: string | null;
  referrer_host: string | null;
}

export interface LinkRef {
  id: string;
  domain: string;
  alias: string;
}

export const clickedData = (link: LinkRef, click: ClickData) => ({
  link: { id: link.id, domain: link.domain, alias: link.alias, short_url: shortUrl(link.domain, link.alias) },
  click,
});

/** The body of every event: `{"type", "timestamp", "data"}`. */
export function eventBody(type: EventType, at: Date, data: unknown): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}
