import { shortUrl } from '../domain/field-rules.js';
import { linkView } from '../domain/link-view.js';
import type { DestinationHealth, Link } from '../domain/model.js';
import type { EventType } from '../domain/webhook-schemas.js';

/** destination_health as the API returns it. */
export const healthJson = (h: DestinationHealth) => ({ status: h.status, http_status: h.httpStatus, checked_at: h.checkedAt?.toISOString() ?? null });

/** The link exactly as the API returns it (the `link` of link.* events): its schema view, dates as ISO strings. */
export function linkJson(l: Link): Record<string, unknown> {
  return {
    ...linkView(l),
    expires_at: l.expiresAt?.toISOString() ?? null,
    destination_health: healthJson(l.health),
    created_at: l.createdAt.toISOString(),
    updated_at: l.updatedAt.toISOString(),
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
