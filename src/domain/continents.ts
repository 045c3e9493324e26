import { continents, countries } from 'countries-list';

/** The seven continent codes (AF, AN, AS, EU, NA, OC, SA), from the maintained countries-list table. */
export const CONTINENT_CODES: ReadonlySet<string> = new Set(Object.keys(continents));

const BY_COUNTRY: ReadonlyMap<string, string> = new Map(Object.entries(countries).map(([code, c]) => [code, c.continent]));

/** The continent of an ISO 3166-1 alpha-2 country code (upper case); null when unknown. */
export function continentOf(country: string | null): string | null {
  return country === null ? null : (BY_COUNTRY.get(country) ?? null);
}
