/** How a filter value reads to people: country and language names, continents, QR code or link, a link's short URL. */
import { knownCountryName } from '../links/countries';
import type { FilterField } from './dimensions';
import { linkLabel } from './link-labels';
import { placeLabel, unknownCode } from './unknown-values';

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
      return linkLabel(value);
    default:
      return value;
  }
}
