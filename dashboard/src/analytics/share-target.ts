import { type Filters, type View, viewSearch } from './view-state.js';

/** What a share made from the overview covers: the link shown, else a view filtered on exactly one link, tag or domain, else the workspace. */
export interface ShareTarget {
  link_id?: string;
  tag?: string;
  domain?: string;
  /** For the panel's sentence: "this link", "the tag spring", ... */
  what: string;
}

/** `nameOf`: a link as people name it (its title, else its short URL), for the sentence. */
export function shareTarget(linkId: string | undefined, filters: Filters, nameOf: (id: string) => string = (id) => id): ShareTarget {
  if (linkId) return { link_id: linkId, what: 'this link' };
  const fields = Object.keys(filters) as (keyof Filters)[];
  const only = fields.length === 1 ? filters[fields[0]!] : undefined;
  if (only && !only.exclude && only.values.length === 1) {
    // One link looked at: its share shows that link only, not the workspace with a filter the recipient could remove.
    if (fields[0] === 'link_id') return { link_id: only.values[0]!, what: `the link “${nameOf(only.values[0]!)}”` };
    if (fields[0] === 'tag') return { tag: only.values[0]!, what: `the links tagged “${only.values[0]}”` };
    if (fields[0] === 'domain') return { domain: only.values[0]!, what: `the links on ${only.values[0]}` };
  }
  return { what: 'the whole workspace' };
}

/** A listed share, named for a person (`nameOf`: a link's title or short URL, once known). */
export function shareScope(
  s: { link_id?: string | null; tag?: string | null; domain?: string | null },
  linkId?: string,
  nameOf: (id: string) => string = (id) => id,
): string {
  if (s.link_id) return s.link_id === linkId ? 'This link' : `Link “${nameOf(s.link_id)}”`;
  if (s.tag) return `Tag “${s.tag}”`;
  if (s.domain) return `Domain ${s.domain}`;
  return 'Whole workspace';
}

/** The expiry choices of a new share, in days (null: until revoked). */
export const EXPIRIES: readonly { label: string; days: number | null }[] = [
  { label: 'Never (until revoked)', days: null },
  { label: 'In 7 days', days: 7 },
  { label: 'In 30 days', days: 30 },
  { label: 'In 90 days', days: 90 },
];

/**
 * The address of a share's page opening on the view it was made from (docs/adr/0237): its period,
 * interval, tabs, comparison and filters in the query, as the Analytics page keeps them, and its
 * zone named even when it was the maker's own (the viewer's browser may be elsewhere). The filter
 * the share itself is (its link, tag or domain) is left out: the share holds it, so no chip repeats it.
 */
export function sharedViewUrl(url: string, view: View, target: ShareTarget, zone: string): string {
  const filters = { ...view.filters };
  if (target.link_id) delete filters.link_id;
  if (target.tag) delete filters.tag;
  if (target.domain) delete filters.domain;
  return `${url}${viewSearch({ ...view, filters, tz: view.tz ?? zone, mixed: undefined, ignored: undefined })}`;
}
