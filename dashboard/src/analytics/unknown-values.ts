/**
 * What the overview calls what it cannot name: a filter value no one can name (a country code that
 * is no country, `ZZ` included, which the browser calls "Unknown Region") reads as the word a
 * location panel's last row uses for clicks from places not known, so the two read the same.
 */
import type { FilterField } from './dimensions.js';

export const UNKNOWN = 'Unknown';
/** A link chip whose id the API does not know, or that this workspace cannot read. */
export const UNKNOWN_LINK = 'Unknown link';

/** Where a click came from: a click without a value here is from a place not known. */
export const PLACE_FIELDS: readonly FilterField[] = ['country', 'continent', 'region', 'city'];

/** A code that names nothing: `Unknown`, and the code itself unless it is CLDR's own code for an unknown region. */
export function unknownCode(code: string): string {
  return code.toUpperCase() === 'ZZ' ? UNKNOWN : `${UNKNOWN} (${code})`;
}

/** A place's code as people read it: its name when `name` knows it, else `unknownCode`. */
export function placeLabel(code: string, name: (code: string) => string | undefined): string {
  return name(code) ?? unknownCode(code);
}
