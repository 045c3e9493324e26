import { continents, countries } from 'countries-list';

/** The seven continent codes (AF, AN, AS, EU, NA, OC, SA), from the maintained countries-list table. */
export const CONTINENT_CODES: ReadonlySet<string> = new Set(Object.keys(continents));

/** Country code -> continent code (AF, AN, AS, EU, NA, OC, SA), from the maintained countries-list table. */
const CONTINENT = new Map<string, string>(Object.entries(countries).map(([code, c]) => [code, c.continent]));

/** The continent of an ISO 3166-1 alpha-2 country code, or null when unknown. */
export function continentOf(country: string | null): string | null {
  return country === null ? null : (CONTINENT.get(country) ?? null);
}
