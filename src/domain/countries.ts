import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// i18n-iso-countries ships the maintained ISO 3166-1 table ([alpha2, alpha3, numeric, subdivision ref]).
const table = require('i18n-iso-countries/codes.json') as [string, string, string, string][];

/**
 * Officially assigned ISO 3166-1 alpha-2 codes. The package also lists XK (Kosovo), a user-assigned
 * code that ISO has not assigned; it is left out so the rule is exactly "officially assigned".
 */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(table.map((row) => row[0]).filter((c) => c !== 'XK'));

/**
 * Whether a visit may be said to come from `code`: an officially assigned code, or XK (Kosovo), which
 * CDNs and IP databases send though ISO has not assigned it. Not XX, ZZ, T1, EU or AP.
 */
export function isVisitCountry(code: string): boolean {
  return COUNTRY_CODES.has(code) || code === 'XK';
}
