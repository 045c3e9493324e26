import type { Json } from './json-schema.js';

/** Examples of the adaptive link fields, domain settings and UTM templates (merged into examples.ts). */

export const LINK_RULES = [
  { if: { country: ['DE', 'AT', 'CH'], device: ['mobile'] }, to: 'https://m.example.de/fruehling' },
  { if: { query: { ref: 'partner' }, after: '2027-03-01T00:00:00.000Z' }, to: 'https://example.com/partners' },
  { if: { ip: ['203.0.113.0/24', '2001:db8::/32'] }, to: 'https://intranet.example.com/spring' },
];

/** The adaptive fields of the example link. */
export const LINK_ADAPT = {
  rules: LINK_RULES,
  variants: [
    { url: 'https://example.com/spring-sale', weight: 50 },
    { url: 'https://example.com/spring-sale-b', weight: 50 },
  ],
  utm: { source: 'newsletter', medium: 'email', campaign: 'spring' },
  preview: { title: 'Spring sale: 30 % off', description: 'Everything for the garden, until March 31.', image: 'https://cdn.example.com/spring-card.png' },
};

const DOMAIN_SETTINGS = {
  root_url: 'https://example.com/',
  not_found_url: 'https://example.com/not-found',
  expired_url: 'https://example.com/offer-over',
  crawlable: false,
  apple_app_site_association: { applinks: { details: [{ appIDs: ['ABCDE12345.com.example.app'], components: [{ '/': '/app/*' }] }] } },
  assetlinks: [
    {
      relation: ['delegate_permission/common.handle_all_urls'],
      target: { namespace: 'android_app', package_name: 'com.example.app', sha256_cert_fingerprints: ['14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64'] },
    },
  ],
};

/** The example domain's settings. */
export const DOMAIN_ADAPT = DOMAIN_SETTINGS;

const TEMPLATE = {
  id: 'utm_4Gd8kLm2Qx7Rt1Vb9Nc3',
  name: 'Newsletter',
  source: 'newsletter',
  medium: 'email',
  campaign: null,
  term: null,
  content: null,
  created_at: '2026-11-21T10:15:00.123Z',
  updated_at: '2026-11-21T10:15:00.123Z',
};

export const ADAPT_EXAMPLES: Record<string, Json> = {
  UpdateDomainRequest: { root_url: DOMAIN_SETTINGS.root_url, not_found_url: DOMAIN_SETTINGS.not_found_url, crawlable: true },
  CreateUtmTemplateRequest: { name: 'Newsletter', source: 'newsletter', medium: 'email' },
  UpdateUtmTemplateRequest: { campaign: 'spring', medium: null },
  UtmTemplate: TEMPLATE,
  LinkCount: { total: 42 },
  UtmTemplateList: { data: [TEMPLATE] },
};
