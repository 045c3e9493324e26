/**
 * The overview's time zones (docs/adr/0237): offsets from the browser's Intl on a given day, cities
 * and places readable, the viewer's zone and UTC first, and a query that finds zones by city, zone
 * name, place or offset.
 */
import { describe, expect, it } from 'vitest';
import { zoneCatalog } from '../../dashboard/src/analytics/zone-list.js';
import { matchZones, typedOffset } from '../../dashboard/src/analytics/zone-match.js';
import { offsetText, withZone, zoneOffset, zoneOptions } from '../../dashboard/src/analytics/zone-options.js';

const WINTER = new Date('2026-01-15T12:00:00Z');
const SUMMER = new Date('2026-07-15T12:00:00Z');
const ALL = Intl.supportedValuesOf('timeZone');
const NEW_YORK = zoneOptions(ALL, 'America/New_York', WINTER);
const zonesOf = (q: string, list = NEW_YORK) => matchZones(list, q).map((o) => o.zone);

describe('time zone options', () => {
  it('read the offset of the day asked about, summer time included', () => {
    expect(zoneOffset('Europe/Berlin', WINTER)).toBe(60);
    expect(zoneOffset('Europe/Berlin', SUMMER)).toBe(120);
    expect(zoneOffset('America/New_York', WINTER)).toBe(-300);
    expect(zoneOffset('UTC', WINTER)).toBe(0);
    expect(offsetText(330)).toBe('UTC+05:30');
    expect(offsetText(-300)).toBe('UTC−05:00');
    expect(offsetText(0)).toBe('UTC+00:00');
  });

  it('put the viewer’s zone and UTC first, then every zone by offset and city, without the reversed Etc/GMT names', () => {
    const list = zoneOptions(ALL, 'Europe/Berlin', WINTER);
    expect(list.slice(0, 2).map((o) => [o.zone, o.yours])).toEqual([
      ['Europe/Berlin', true],
      ['UTC', false],
    ]);
    const rest = list.slice(2);
    expect(rest.every((o, i) => i === 0 || rest[i - 1]!.offset <= o.offset)).toBe(true);
    expect(list.filter((o) => o.zone === 'Europe/Berlin')).toHaveLength(1);
    expect(list.some((o) => o.zone.startsWith('Etc/'))).toBe(false);
    const ba = list.find((o) => o.zone === 'America/Argentina/Rio_Gallegos')!;
    expect([ba.city, ba.more.split(' · ').slice(0, 2).join(' · '), ba.offsetText]).toEqual(['Rio Gallegos', 'America · Argentina', 'UTC−03:00']);
    expect(list.find((o) => o.zone === 'Europe/Paris')!.more).toBe('Europe · Central European Time');
    // A zone in force that the list leaves out (from the address) is added, once.
    expect(withZone(list, 'Etc/GMT+5', WINTER).at(-1)!.zone).toBe('Etc/GMT+5');
    expect(withZone(list, 'Europe/Paris', WINTER)).toBe(list);
  });

  it('are found by city, zone, place, usual name and offset, every word of the query', () => {
    expect(zonesOf('berlin')).toEqual(['Europe/Berlin']);
    expect(zonesOf('new york')).toEqual(['America/New_York']);
    expect(zonesOf('America/New_York')).toEqual(['America/New_York']);
    expect(zonesOf('Pacific Time')).toContain('America/Los_Angeles');
    expect(zonesOf('+5:30')).toContain(ALL.includes('Asia/Kolkata') ? 'Asia/Kolkata' : 'Asia/Calcutta');
    expect(zonesOf('+1 europe')).toEqual(expect.arrayContaining(['Europe/Berlin', 'Europe/Paris']));
    expect(zonesOf('+1 europe')).not.toContain('Europe/London');
    expect(zonesOf('utc-5')).toEqual(expect.arrayContaining(['America/New_York']));
    expect(zonesOf('GMT−3')).toContain('America/Sao_Paulo');
    // Named as people know them now, and as the browser's list spells them.
    for (const [q, zone] of [
      ['kolkata', /^Asia\/(Kolkata|Calcutta)$/],
      ['calcutta', /^Asia\/(Kolkata|Calcutta)$/],
      ['kyiv', /^Europe\/(Kyiv|Kiev)$/],
      ['ho chi minh', /^Asia\/(Ho_Chi_Minh|Saigon)$/],
    ] as const) {
      expect(zonesOf(q), q).toEqual([expect.stringMatching(zone)]);
    }
    expect(zoneOptions(['Asia/Calcutta'], 'UTC', WINTER)[1]!.city).toBe('Kolkata');
    expect(zonesOf('nowhere-at-all')).toEqual([]);
    expect(zonesOf('').length).toBeGreaterThan(300);
    expect(zonesOf('')[0]).toBe('America/New_York');
  });

  it('read an offset typed in the usual ways, and only those', () => {
    expect([typedOffset('+1'), typedOffset('-05'), typedOffset('+05:30'), typedOffset('utc+2'), typedOffset('gmt−3'), typedOffset('+0545')]).toEqual([
      60, -300, 330, 120, -180, 345,
    ]);
    expect([typedOffset('1'), typedOffset('+'), typedOffset('+123'), typedOffset('utc')]).toEqual([null, null, null, null]);
  });

  it('list the best matches first: a city or name the query starts, then words it starts, then the rest; sub-areas after', () => {
    const first = (q: string, n: number) => zonesOf(q).slice(0, n);
    // New York before New Salem (North Dakota, an hour behind), then Newfoundland's zone by its name.
    expect(first('new', 2)).toEqual(['America/New_York', 'America/St_Johns']);
    expect(zonesOf('new').indexOf('America/North_Dakota/New_Salem')).toBeGreaterThan(zonesOf('new').indexOf('America/St_Johns'));
    expect(first('new york', 1)).toEqual(['America/New_York']);
    expect(first('lon', 1)).toEqual(['Europe/London']);
    expect(first('syd', 1)).toEqual(['Australia/Sydney']);
    // Paris among the names that start with "par" (Paraguay Time, Paramaribo), not after every zone that holds it.
    expect(first('par', 3)).toEqual(['America/Asuncion', 'America/Paramaribo', 'Europe/Paris']);
    // A word's start ranks before a match inside a word: "angeles" starts Los Angeles' second word.
    expect(first('angeles', 1)).toEqual(['America/Los_Angeles']);
    const inside = zonesOf('ork');
    expect(inside).toContain('America/New_York');
    // "york new" starts two words of New York's, not its name.
    expect(first('york new', 1)).toEqual(['America/New_York']);
    // Offsets alone keep the list's order; with a word, the word ranks within the offset's zones.
    expect(first('-5', 1)).toEqual(['America/New_York']);
    expect(first('+1 par', 1)).toEqual(['Europe/Paris']);
    // The viewer's own zone first among equals, even inside a sub-area.
    const indiana = zoneOptions(ALL, 'America/Indiana/Indianapolis', WINTER);
    expect(zonesOf('ind', indiana)[0]).toBe('America/Indiana/Indianapolis');
  });

  it('read the offsets again for the moment the list is asked for: a page left open across summer time', () => {
    const catalog = zoneCatalog(
      () => ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo'],
      () => 'Europe/Berlin',
    );
    const berlin = (at: Date) => catalog.at(at).find((o) => o.zone === 'Europe/Berlin')!;
    expect([berlin(WINTER).offsetText, berlin(SUMMER).offsetText]).toEqual(['UTC+01:00', 'UTC+02:00']);
    // The night the clocks go forward (2026-03-29, 01:00 UTC): before and after.
    expect(berlin(new Date('2026-03-29T00:59:00Z')).offset).toBe(60);
    expect(berlin(new Date('2026-03-29T01:00:00Z')).offset).toBe(120);
    // Asked again within the same minute: the same list, not made again.
    expect(catalog.at(new Date('2026-03-29T01:00:59Z'))).toBe(catalog.at(new Date('2026-03-29T01:00:00Z')));
    // Ordered by the offsets of the moment: New York is 6 hours behind Berlin in summer, and after the two.
    const order = (at: Date) => catalog.at(at).map((o) => `${o.zone} ${o.offsetText}`);
    expect(order(new Date('2026-03-10T12:00:00Z'))).toEqual(['Europe/Berlin UTC+01:00', 'UTC UTC+00:00', 'America/New_York UTC−04:00', 'Asia/Tokyo UTC+09:00']);
  });
});
