/** Region and city from an MMDB city database (LSK_GEOIP_CITY_DB), on a small file written for the test. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cityName, headerText, MmdbCity, regionCode } from '../../src/redirect/geo.js';
import { tinyMmdb } from '../support/mmdb.js';

describe('city database lookups', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lsk-mmdb-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'city.mmdb');
  writeFileSync(path, tinyMmdb('10.1.2.0/24', { city: { names: { en: 'Berlin' } }, country: { iso_code: 'DE' }, subdivisions: [{ iso_code: 'BE' }] }));

  it('answers the region (ISO 3166-2) and city of an address in the file, nothing for others', () => {
    const city = new MmdbCity(path).load();
    expect(city.place('10.1.2.77')).toEqual({ region: 'DE-BE', city: 'Berlin' });
    expect(city.place('::ffff:10.1.2.1')).toEqual({ region: 'DE-BE', city: 'Berlin' });
    expect(city.place('10.1.3.1')).toEqual({ region: null, city: null });
    expect(city.place('not an address')).toEqual({ region: null, city: null });
    // Remembered per address: the same object again.
    expect(city.place('10.1.2.77')).toBe(city.place('10.1.2.77'));
  });

  it('reads trusted header values as ISO 3166-2 codes and plain city names', () => {
    expect(regionCode('DE', 'be')).toBe('DE-BE');
    expect(regionCode('US', 'US-CA')).toBe('US-CA');
    expect(regionCode(null, 'BE')).toBeNull();
    expect(regionCode('DE', 'Berlin!')).toBeNull();
    expect(cityName(' São Paulo\u0007 ')).toBe('São Paulo');
    expect(cityName('x'.repeat(150))).toHaveLength(100);
  });

  it('reads a header value as the text it encodes: UTF-8 bytes, then percent-escapes; anything else as it came', () => {
    const bytes = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
    expect(headerText(bytes('Zürich'))).toBe('Zürich');
    expect(headerText(bytes('Kraków'))).toBe('Kraków');
    expect(headerText('Z%C3%BCrich')).toBe('Zürich');
    expect(headerText('K\u00f6ln')).toBe('Köln'); // Latin-1, one byte a letter: not UTF-8, kept
    expect(headerText('100% Town')).toBe('100% Town'); // a stray % is no escape
    expect(headerText('S%E3o Paulo')).toBe('S%E3o Paulo'); // an escape that is not UTF-8 is kept
    expect(cityName(headerText('Bad%00%0AName'))).toBe('BadName'); // decoded control characters still go
    expect(cityName(headerText('Bad%C2%85Name'))).toBe('BadName'); // a C1 control (NEL) goes too
    expect(cityName(headerText('%E2%80%AEnilreB'))).toBe('nilreB'); // a right-to-left override goes
    expect(cityName(headerText('A%E2%80%AAB%E2%80%ACC%E2%81%A6D%E2%81%A9'))).toBe('ABCD'); // embeddings and isolates
    expect(cityName('תל אביב')).toBe('תל אביב'); // right-to-left letters stay
    expect(headerText('Berlin')).toBe('Berlin');
  });
});
