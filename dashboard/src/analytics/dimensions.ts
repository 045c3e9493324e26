/**
 * What the overview breaks clicks down by: its panels and their tabs (each an API group_by), the
 * filter each grouping's rows set when clicked.
 */
import { FILTER_FIELDS as API_FILTER_FIELDS, type FilterField } from '../../../src/domain/click-fields.js';
import type { AnalyticsGroupBy } from '../gql/graphql.js';

export type { FilterField };

/** What picks links comes first among the chips; then what a click records, in the API's order. */
const LINK_FIELDS: readonly FilterField[] = ['link_id', 'tag', 'domain', 'variant'];

/** Filters the API takes (ClickFilter's fields), in the order chips show them. */
export const FILTER_FIELDS: readonly FilterField[] = [...LINK_FIELDS, ...API_FILTER_FIELDS.filter((f) => !LINK_FIELDS.includes(f))];

export const FIELD_LABEL: Record<FilterField, string> = {
  link_id: 'Link',
  tag: 'Tag',
  domain: 'Domain',
  variant: 'Variant',
  country: 'Country',
  continent: 'Continent',
  region: 'Region',
  city: 'City',
  referrer: 'Referrer',
  referrer_url: 'Referrer URL',
  device: 'Device',
  browser: 'Browser',
  os: 'OS',
  utm_source: 'UTM source',
  utm_medium: 'UTM medium',
  utm_campaign: 'UTM campaign',
  utm_term: 'UTM term',
  utm_content: 'UTM content',
  trigger: 'Trigger',
  language: 'Language',
  referrer_source: 'Source',
  referrer_kind: 'Source kind',
};

/** One tab: the API grouping, its tab label, and the filter its rows set. */
export interface Tab {
  groupBy: AnalyticsGroupBy;
  label: string;
  field: FilterField;
}

export interface Panel {
  /** Its URL parameter (which tab is open). */
  id: string;
  title: string;
  tabs: Tab[];
}

const tab = (groupBy: AnalyticsGroupBy, label: string, field: FilterField): Tab => ({ groupBy, label, field });

export const PANELS: Panel[] = [
  {
    id: 'top',
    title: 'Links',
    tabs: [tab('links', 'Links', 'link_id'), tab('tags', 'Tags', 'tag'), tab('domains', 'Domains', 'domain'), tab('variants', 'Variants', 'variant')],
  },
  {
    id: 'ref',
    title: 'Referrers',
    tabs: [
      // A source row filters by its name (referrer_source, docs/adr/0216): the API resolves its hosts in each window.
      tab('referrer_sources', 'Sources', 'referrer_source'),
      tab('referrers', 'Hosts', 'referrer'),
      tab('referrer_urls', 'URLs', 'referrer_url'),
    ],
  },
  {
    id: 'geo',
    title: 'Locations',
    tabs: [
      tab('countries', 'Countries', 'country'),
      tab('continents', 'Continents', 'continent'),
      tab('regions', 'Regions', 'region'),
      tab('cities', 'Cities', 'city'),
    ],
  },
  { id: 'dev', title: 'Devices', tabs: [tab('devices', 'Devices', 'device'), tab('browsers', 'Browsers', 'browser'), tab('os', 'OS', 'os')] },
  {
    id: 'utm',
    title: 'UTM parameters',
    tabs: [
      tab('utm_sources', 'Source', 'utm_source'),
      tab('utm_mediums', 'Medium', 'utm_medium'),
      tab('utm_campaigns', 'Campaign', 'utm_campaign'),
      tab('utm_terms', 'Term', 'utm_term'),
      tab('utm_contents', 'Content', 'utm_content'),
    ],
  },
  { id: 'trg', title: 'Triggers', tabs: [tab('triggers', 'QR code or link', 'trigger')] },
  { id: 'lang', title: 'Languages', tabs: [tab('languages', 'Languages', 'language')] },
];
