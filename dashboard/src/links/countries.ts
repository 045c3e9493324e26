/** ISO 3166-1 alpha-2 codes (from the build: the list the API validates against) with the browser's own names. */
declare const __COUNTRY_CODES__: string[];

const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([navigator.language, 'en'], { type: 'region' }) : undefined;

export function countryName(code: string): string {
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}

const ASSIGNED = new Set(__COUNTRY_CODES__);
/** The country's name when `code` is an assigned ISO 3166-1 code (not ZZ, XX, EU ...), else undefined. */
export function knownCountryName(code: string): string | undefined {
  return ASSIGNED.has(code.toUpperCase()) ? countryName(code.toUpperCase()) : undefined;
}

export const COUNTRIES: { code: string; name: string }[] = __COUNTRY_CODES__
  .map((code) => ({ code, name: countryName(code) }))
  .sort((a, b) => a.name.localeCompare(b.name));
