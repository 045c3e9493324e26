/**
 * How the overview names what it cannot name: a country code that is no country (ZZ, which the
 * browser calls "Unknown Region", or XX) reads "Unknown" as a location panel's last row does, and a
 * link id the API does not know reads "Unknown link".
 */
import { describe, expect, it } from 'vitest';
import { remainderOf } from '../../dashboard/src/analytics/remainder.js';
import { PLACE_FIELDS, placeLabel, UNKNOWN, UNKNOWN_LINK, unknownCode } from '../../dashboard/src/analytics/unknown-values.js';

const names: Record<string, string> = { DE: 'Germany', FR: 'France' };
const name = (code: string) => names[code];

describe('unknown values', () => {
  it('reads ZZ as Unknown, and any other code that names nothing as Unknown with its code', () => {
    expect(unknownCode('ZZ')).toBe('Unknown');
    expect(unknownCode('zz')).toBe('Unknown');
    expect(unknownCode('XX')).toBe('Unknown (XX)');
    expect(placeLabel('DE', name)).toBe('Germany');
    expect(placeLabel('ZZ', name)).toBe('Unknown');
    expect(placeLabel('T1', name)).toBe('Unknown (T1)');
  });

  it('uses the word of the location panels’ last row, for every place field', () => {
    expect(PLACE_FIELDS).toEqual(['country', 'continent', 'region', 'city']);
    for (const field of PLACE_FIELDS) expect(remainderOf(field, [{ clicks: 2 }], 5, 100)?.label).toBe(UNKNOWN);
    expect(unknownCode('ZZ')).toBe(remainderOf('country', [], 1, 100)?.label);
    expect(UNKNOWN_LINK).toBe('Unknown link');
  });
});
