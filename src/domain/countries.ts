import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// i18n-iso-countries ships the maintained ISO 3166-1 table ([alpha2, alpha3, numeric, subdivision ref]).
const table = require('i18n-iso-countries/codes.json') as [string, string, string, string][];

/**
 * Officially assigned ISO 3166-1 alpha-2 codes. The package also lists XK (Kosovo), a user-assigned
 * code that ISO has not assigned; it is left out so the rule is exactly "officially assigned".
 */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(table.map((row) => row[0]).filter((c) => c !== 'XK'));
