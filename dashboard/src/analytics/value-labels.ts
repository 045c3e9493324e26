/** How a filter value reads to people: country and language names, continents, QR code or link, a link's short URL. */
import { knownCountryName } from '../links/countries';
import type { FilterField } from './dimensions';
import { placeLabel, UNKNOWN_LINK, unknownCode } from './unknown-values';

const CONTINENTS: Record<string, string> = {
  AF: 'Africa',
  AN: 'Antarctica',
  AS: 'Asia',
  EU: 'Europe',
  NA: 'North America',
  OC: 'Oceania',
  SA: 'South America',
};
const TRIGGERS: Record<string, string> = { qr: 'QR code', link: 'Link' };
const languages = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'language' }) : undefined;

function languageName(code: string): string {
  try {
    const name = languages?.of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

/** Short URLs of links seen in answers (a link chip reads better as its short URL than as its id). */
const shortUrls = new Map<string, string>();
export function rememberLink(id: string, shortUrl: string | null | undefined): void {
  if (shortUrl) shortUrls.set(id, shortUrl.replace(/^https?:\/\//, ''));
}
/** Ids the API answered as no link of this workspace (link-names.ts): their chip says so. */
const unknownLinks = new Set<string>();
export function rememberUnknownLink(id: string): void {
  if (!shortUrls.has(id)) unknownLinks.add(id);
}
/** A link's short URL without the scheme (`go.example.com/spring`), once an answer has named it. */
export const linkShortUrl = (id: string): string | undefined => shortUrls.get(id);
/** Whether a link chip has more to read than its id. */
export const linkNamed = (id: string) => shortUrls.has(id) || unknownLinks.has(id);

/** A value of a filter field as people read it. */
export function valueLabel(field: FilterField, value: string): string {
  switch (field) {
    case 'country':
      return placeLabel(value, knownCountryName);
    case 'continent':
      return CONTINENTS[value] ?? unknownCode(value);
    case 'region': {
      const country = value.split('-')[0] ?? '';
      return `${value} (${placeLabel(country, knownCountryName)})`;
    }
    case 'trigger':
      return TRIGGERS[value] ?? value;
    case 'device':
      return value.charAt(0).toUpperCase() + value.slice(1);
    case 'language':
      return languageName(value);
    case 'link_id':
      return shortUrls.get(value) ?? (unknownLinks.has(value) ? UNKNOWN_LINK : value);
    default:
      return value;
  }
}
