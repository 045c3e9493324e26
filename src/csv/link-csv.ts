import { shortUrl } from '../domain/field-rules.js';
import type { Link } from '../domain/model.js';
import { csvCell } from './csv-cell.js';
import { CSV_COLUMNS } from './link-columns.js';

/**
 * The links CSV (docs/csv.md): what GET /v1/links/export writes and what `lsk links import` and the
 * dashboard's import read. One header row; the returned link fields as columns; maps as JSON cells,
 * tags joined with `|`.
 */
export { csvCell } from './csv-cell.js';
export { CSV_COLUMNS } from './link-columns.js';

export const csvHeader = (): string => `${CSV_COLUMNS.join(',')}\r\n`;

/** An optional JSON field's cell: empty when null. */
const json = (v: unknown): string => (v === null ? '' : JSON.stringify(v));

/** One link as a CSV line. */
export function linkCsvRow(l: Omit<Link, 'health'>): string {
  const cells: Record<(typeof CSV_COLUMNS)[number], string> = {
    id: l.id,
    short_url: shortUrl(l.domain, l.alias),
    domain: l.domain,
    alias: l.alias,
    destination: l.destination,
    title: l.title ?? '',
    external_id: l.externalId ?? '',
    geo_targeting: JSON.stringify(l.geoTargeting),
    device_targeting: JSON.stringify(l.deviceTargeting),
    tags: l.tags.join('|'),
    expires_at: l.expiresAt?.toISOString() ?? '',
    expired_url: l.expiredUrl ?? '',
    max_clicks: l.maxClicks === null ? '' : String(l.maxClicks),
    password_protected: String(l.passwordHash !== null),
    status: l.status,
    clicks: String(l.clicks),
    created_at: l.createdAt.toISOString(),
    updated_at: l.updatedAt.toISOString(),
    rules: json(l.rules),
    variants: json(l.variants),
    utm: json(l.utm),
    preview: json(l.preview),
  };
  return `${CSV_COLUMNS.map((c) => csvCell(cells[c])).join(',')}\r\n`;
}
