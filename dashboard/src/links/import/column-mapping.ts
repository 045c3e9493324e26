/**
 * "Other CSV": which column of the file holds each lsk field, guessed from the header's names and
 * changed by hand, and each row made into a createLink body through that choice.
 */

import { isoDate, shortLinkParts, tagList, text } from '../../../../src/import/fields.js';
import type { Draft } from '../../../../src/import/sources.js';

/** The fields a column can feed, in the order the form shows them. */
export const MAPPED_FIELDS = [
  {
    field: 'destination',
    label: 'Destination URL',
    names: ['destination', 'destination_url', 'long_url', 'longurl', 'url', 'target', 'original_url', 'link_url'],
  },
  {
    field: 'short_link',
    label: 'Short link (domain and alias together)',
    names: ['short_link', 'short_url', 'shorturl', 'shortlink', 'bitlink', 'link', 'short'],
  },
  { field: 'domain', label: 'Domain', names: ['domain', 'host', 'domain_name'] },
  { field: 'alias', label: 'Alias', names: ['alias', 'key', 'slug', 'keyword', 'shortcode', 'short_code', 'code', 'slashtag', 'back_half', 'path'] },
  { field: 'title', label: 'Title', names: ['title', 'name', 'description', 'label'] },
  { field: 'tags', label: 'Tags', names: ['tags', 'tag', 'labels', 'categories'] },
  { field: 'expires_at', label: 'Expires at', names: ['expires_at', 'expires', 'expiry', 'expiration', 'expire_in', 'expires_on'] },
  { field: 'external_id', label: 'External id', names: ['external_id', 'externalid', 'id'] },
] as const;

export type MappedField = (typeof MAPPED_FIELDS)[number]['field'];

/** For each field, the index of the column that holds it, or null (not imported). */
export type ColumnMapping = Record<MappedField, number | null>;

/**
 * A first guess from the header keys: each field takes the first unused column whose key is one of
 * its names (in the order of its names), so `long_url,link,title` maps destination, short link and
 * title and leaves the rest unmapped.
 */
export function guessMapping(keys: readonly string[]): ColumnMapping {
  const used = new Set<number>();
  const mapping = {} as ColumnMapping;
  for (const { field, names } of MAPPED_FIELDS) {
    let found: number | null = null;
    for (const name of names) {
      const i = keys.findIndex((k, j) => k === name && !used.has(j));
      if (i >= 0) {
        found = i;
        break;
      }
    }
    if (found !== null) used.add(found);
    mapping[field] = found;
  }
  return mapping;
}

/**
 * One row's createLink body through the mapping: a short link column gives the domain and alias
 * (a domain or alias column, when mapped too, wins); tags split on | , or ;; dates become ISO 8601.
 */
export function mappedDraft(mapping: ColumnMapping, cells: readonly string[]): Draft {
  const cell = (f: MappedField) => {
    const i = mapping[f];
    return i === null ? undefined : text({ v: cells[i] }, 'v');
  };
  const destination = cell('destination');
  if (!destination) return { problem: 'no destination URL' };
  const body: Record<string, unknown> = { destination };
  const link = cell('short_link');
  const parts = shortLinkParts(link);
  if (link && !parts) return { problem: `the short link "${link}" is not a URL with a path` };
  const domain = cell('domain') ?? parts?.host;
  const alias = cell('alias') ?? parts?.alias;
  if (domain) body.domain = domain;
  if (alias) body.alias = alias.replace(/^\/+/, '');
  const title = cell('title');
  if (title) body.title = title;
  const tags = tagList(cell('tags'));
  if (tags) body.tags = tags;
  const expires = isoDate(cell('expires_at'));
  if (expires) body.expires_at = expires;
  const externalId = cell('external_id');
  if (externalId) body.external_id = externalId;
  return { body, origin: alias ? `${domain ?? ''}/${alias}` : undefined };
}
