/** How a filter value reads to people: country and language names, continents, QR code or link, a link's short URL. */
import { countryName } from '../links/countries';
import type { FilterField } from './dimensions';

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

/** A value of a filter field as people read it. */
export function valueLabel(field: FilterField, value: string): string {
  switch (field) {
    case 'country':
      return countryName(value);
    case 'continent':
      return CONTINENTS[value] ?? value;
    case 'region': {
      const country = value.split('-')[0] ?? '';
      return `${value} (${countryName(country)})`;
    }
    case 'trigger':
      return TRIGGERS[value] ?? value;
    case 'device':
      return value.charAt(0).toUpperCase() + value.slice(1);
    case 'language':
      return languageName(value);
    case 'link_id':
      return shortUrls.get(value) ?? value;
    default:
      return value;
  }
}
