import { type Row, toDate, toDateOrNull } from '../sqlite/connection.js';
import type { LinkRow, RedirectTarget } from './repository.js';

const nullableText = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/**
 * A JSON column's value. Nearly every link stores `{}` (no geo or device targeting) and `[]` (no
 * tags): those are made as literals, which is what JSON.parse makes of them (a new plain object or
 * array), without the parse (docs/adr/0235).
 */
const json = <T>(v: unknown): T => (v === '{}' ? {} : v === '[]' ? [] : JSON.parse(String(v))) as T;
const nullableJson = <T>(v: unknown): T | null => (v === null || v === undefined ? null : json<T>(v));

/** The columns findRedirect reads. */
export const REDIRECT_COLUMNS =
  'id, workspace_id, domain, alias, title, destination, geo, device, expires_at, expired_url, max_clicks, password_hash, rules, variants, utm, preview';

/**
 * A link's displayed tags as a JSON array, read with the link itself (one statement for a page and
 * its tags): each key's canonical name from `tags`, in the link's order (`pos`); `[]` without tags.
 * The subquery probes `link_tags` by its primary key (link_id first) and `tags` by theirs.
 */
const TAG_NAMES = `(SELECT json_group_array(t.name ORDER BY lt.pos) FROM link_tags lt
  JOIN tags t ON t.workspace_id = lt.workspace_id AND t.key = lt.tag_key WHERE lt.link_id = links.id) AS tag_names`;

/** What a LinkRow reads from `links` (and its tags): select these `FROM links`, then map each row with linkRow. */
export const LINK_COLUMNS = `${REDIRECT_COLUMNS}, external_id, created_at, updated_at, ${TAG_NAMES}`;

/** The redirect's fields of a row (findRedirect reads only these columns). */
export function redirectFields(r: Row): RedirectTarget {
  return {
    id: String(r.id),
    workspaceId: String(r.workspace_id),
    domain: String(r.domain),
    alias: String(r.alias),
    title: nullableText(r.title),
    destination: String(r.destination),
    geoTargeting: json<Record<string, string>>(r.geo),
    deviceTargeting: json<RedirectTarget['deviceTargeting']>(r.device),
    expiresAt: toDateOrNull(r.expires_at),
    expiredUrl: nullableText(r.expired_url),
    maxClicks: r.max_clicks === null ? null : Number(r.max_clicks),
    passwordHash: nullableText(r.password_hash),
    rules: nullableJson(r.rules),
    variants: nullableJson(r.variants),
    utm: nullableJson(r.utm),
    preview: nullableJson(r.preview),
  };
}

/**
 * A row of LINK_COLUMNS as a stored link: one object, built once. The four fields past the
 * redirect's are set on the redirect's object one by one (Object.assign with a second object cost
 * a third more per row, docs/adr/0235); the cast holds once the last of them is set.
 */
export function linkRow(r: Row): LinkRow {
  const link = redirectFields(r) as LinkRow;
  link.externalId = nullableText(r.external_id);
  link.tags = json<string[]>(r.tag_names);
  link.createdAt = toDate(r.created_at);
  link.updatedAt = toDate(r.updated_at);
  return link;
}
