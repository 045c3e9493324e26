/**
 * The overview's time zones (docs/adr/0237): offsets from the browser's Intl on a given day, cities
 * and places readable, the viewer's zone and UTC first, and a query that finds zones by city, zone
 * name, place or offset.
 */
import { describe, expect, it } from 'vitest';
import { matchZones, offsetText, typedOffset, withZone, zoneOffset, zoneOptions } from '../../dashboard/src/analytics/zone-options.js';

const WINTER = new Date('2026-01-15T12:00:00Z');
const SUMMER = new Date('2026-07-15T12:00:00Z');
const ALL = Intl.supportedValuesOf('timeZone');
const zonesOf = (q: string, list = zoneOptions(ALL, 'America/New_York', WINTER)) => matchZones(list, q).map((o) => o.zone);

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
});
