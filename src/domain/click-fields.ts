import { normalizeHost } from './field-rules.js';

/**
 * The vocabulary of click analytics (docs/adr/0092): what each click records, what a read may filter
 * on and group by. One tuple each, so the zod schemas, the GraphQL enums and the stores follow them.
 */

/**
 * What a click records besides its time and link, in the order a combination lists them. A click's
 * values of all of these together are its combination.
 */
export const CLICK_FIELDS = [
  'country',
  'continent',
  'region',
  'city',
  'referrer',
  'referrer_url',
  'device',
  'browser',
  'os',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'trigger',
  'language',
  'variant',
  'domain',
] as const;
export type ClickField = (typeof CLICK_FIELDS)[number];

/** Filters on the referrer's named source (docs/adr/0216): resolved to the referrer hosts of the read's window first. */
export const SOURCE_FILTER_FIELDS = ['referrer_source', 'referrer_kind'] as const;
export type SourceFilterField = (typeof SOURCE_FILTER_FIELDS)[number];

/** Filters: every click field, the link-derived ones (resolved to links first) and the source ones (resolved to hosts). */
export const FILTER_FIELDS = [...CLICK_FIELDS, 'link_id', 'tag', ...SOURCE_FILTER_FIELDS] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

/** What GET /v1/analytics and analytics(...) group clicks by. */
export const GROUP_BYS = [
  'timeseries',
  'countries',
  'referrers',
  'devices',
  'browsers',
  'os',
  'links',
  'tags',
  'continents',
  'regions',
  'cities',
  'referrer_urls',
  'utm_sources',
  'utm_mediums',
  'utm_campaigns',
  'utm_terms',
  'utm_contents',
  'triggers',
  'languages',
  'variants',
  'domains',
  'referrer_sources',
] as const;
export type GroupBy = (typeof GROUP_BYS)[number];

/** The click field each grouping by a field reads. */
export const GROUP_FIELD: Readonly<Record<Exclude<GroupBy, 'timeseries' | 'links' | 'tags' | 'referrer_sources'>, ClickField>> = {
  countries: 'country',
  referrers: 'referrer',
  devices: 'device',
  browsers: 'browser',
  os: 'os',
  continents: 'continent',
  regions: 'region',
  cities: 'city',
  referrer_urls: 'referrer_url',
  utm_sources: 'utm_source',
  utm_mediums: 'utm_medium',
  utm_campaigns: 'utm_campaign',
  utm_terms: 'utm_term',
  utm_contents: 'utm_content',
  triggers: 'trigger',
  languages: 'language',
  variants: 'variant',
  domains: 'domain',
};

/** The referrer (host and URL) of a visit without one, in breakdowns and filters. */
export const DIRECT = '(direct)';

/** Fields whose missing value is shown (and filtered) as DIRECT rather than left out. */
export const DIRECT_FIELDS: ReadonlySet<ClickField> = new Set(['referrer', 'referrer_url']);

/** A filter on one field: the values it must be among (IN), or must not be (NOT IN). */
export interface FieldFilter {
  in?: readonly string[];
  not_in?: readonly string[];
}
export type ClickFilter = Partial<Record<FilterField, FieldFilter>>;

export const TRIGGERS = ['link', 'qr'] as const;
export const CONTINENTS = ['AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA'] as const;

/**
 * Fields a click always records in one form (codes upper case, classes and languages lower case,
 * hosts lower case and IDN as punycode): a filter value in another form (`country=de`,
 * `device=Mobile`, `domain=Bücher.example`) means the same value. The others (cities, browser and
 * OS families, URLs, UTM values, tags by their own rule) compare as given.
 */
const FILTER_VALUE_FORM: Partial<Record<FilterField, 'upper' | 'lower' | 'host'>> = {
  country: 'upper',
  continent: 'upper',
  region: 'upper',
  device: 'lower',
  trigger: 'lower',
  language: 'lower',
  referrer: 'host',
  domain: 'host',
};

/** A filter value as the clicks of `field` record it (a value that is no host stays, lower-cased: it matches nothing). */
export function filterValueOf(field: FilterField, value: string): string {
  const form = FILTER_VALUE_FORM[field];
  if (form === 'upper') return value.toUpperCase();
  if (form === 'lower') return value.toLowerCase();
  if (form === 'host') {
    const h = normalizeHost(value);
    return 'host' in h ? h.host : value.toLowerCase();
  }
  return value;
}
