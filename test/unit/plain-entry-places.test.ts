import { describe, expect, it } from 'vitest';
import { LinkCache } from '../../src/redirect/link-cache.js';
import { fitsPlace, Places } from '../../src/redirect/plain-entry.js';
import { plainTarget } from '../support/redirect-target.js';

describe('plain entries’ places', () => {
  it('give one place per workspace, domain, expired URL and crawlable flag, bounded, and a new one for a time far from its epoch', () => {
    const places = new Places(5);
    const a = places.of('wsp_1', 'go.test', null, true, 1_000);
    expect(places.of('wsp_1', 'go.test', null, true, 5_000)).toBe(a);
    // An expired URL that would read as another key's parts, an empty one, the flag: all apart.
    const keys = [
      places.of('wsp_1', 'go.test', '', true, 1_000),
      places.of('wsp_1', 'go.test', null, false, 1_000),
      places.of('wsp_1\ngo.test', '', null, true, 1_000),
      places.of('wsp_1', 'go.test', 'n', true, 1_000),
    ];
    expect(new Set([a, ...keys]).size).toBe(5);
    expect(keys.map((p) => [p.workspaceId, p.domain, p.expiredUrl, p.crawlable])).toEqual([
      ['wsp_1', 'go.test', '', true],
      ['wsp_1', 'go.test', null, false],
      ['wsp_1\ngo.test', '', null, true],
      ['wsp_1', 'go.test', 'n', true],
    ]);
    expect(places.of('wsp_1', 'go.test', null, true, 1_000)).toBe(a);
    // Past its bound the table starts over: the place is made again, equal but new.
    places.of('wsp_2', 'go.test', null, true, 1_000);
    const again = places.of('wsp_1', 'go.test', null, true, 1_000);
    expect(again).not.toBe(a);
    expect([again.workspaceId, again.domain, again.expiredUrl, again.crawlable, again.epoch]).toEqual(['wsp_1', 'go.test', null, true, 1_000]);
    // 2^30 ms from the epoch is too far: a new place with that time as its epoch.
    const far = places.of('wsp_1', 'go.test', null, true, 1_000 + 2 ** 30);
    expect(far).not.toBe(again);
    expect(far.epoch).toBe(1_000 + 2 ** 30);
    expect([fitsPlace(far, far.epoch - 2 ** 30 + 1), fitsPlace(far, far.epoch + 2 ** 30), fitsPlace(far, far.epoch + 0.5)]).toEqual([true, false, false]);
  });

  it('keep no place made for a time that is not a whole number of milliseconds: the one held stays', () => {
    const places = new Places();
    const good = places.of('wsp_1', 'go.test', null, true, 1_000);
    // A fractional or NaN time: no place the next links would share, and the one held stays.
    for (const at of [1_000.5, Number.NaN]) expect(fitsPlace(places.of('wsp_1', 'go.test', null, true, at), at)).toBe(false);
    expect(places.of('wsp_1', 'go.test', null, true, 2_000)).toBe(good);
  });

  it('keep a time exact when a link read at a fractional time came before it', () => {
    // Through the cache: a link read at a fractional time (a full entry), then one at a negative time
    // within 2^30 ms of it. From a fractional epoch that offset is not exact: -451882224.00000006 came back.
    const c = new LinkCache(10, 10);
    const site = { rootUrl: '/', notFoundUrl: null, expiredUrl: null, crawlable: true, aasa: null, assetlinks: null };
    const odd = c.set('go.test/f', plainTarget({ domain: 'go.test', alias: 'f' }), 187200461.8556332, c.generation, 0, site)!;
    const next = c.set('go.test/n', plainTarget({ domain: 'go.test', alias: 'n' }), -451882224, c.generation, 0, site)!;
    const epoch = (next as unknown as { place: { epoch: number } }).place.epoch;
    expect([odd.at, next.at, Number.isInteger(epoch)]).toEqual([187200461.8556332, -451882224, true]);
  });

  it('hold a bounded number of characters in their keys, not only of places: long expired URLs start the table over sooner', () => {
    // 10,000 links with 8,000-character expired URLs kept 82.8 MB in the places after the links were gone.
    const places = new Places(10_000, 20_000);
    const a = places.of('wsp_1', 'go.test', null, true, 1_000);
    const long = (i: number) => `https://e.test/${'x'.repeat(7_990)}${i}`;
    for (let i = 0; i < 3; i++) places.of('wsp_1', 'go.test', long(i), true, 1_000);
    // Three keys of about 8,000 characters passed the 20,000: the table started over, `a` made again.
    const again = places.of('wsp_1', 'go.test', null, true, 1_000);
    expect(again).not.toBe(a);
    expect([again.workspaceId, again.domain, again.expiredUrl, again.crawlable, again.epoch]).toEqual(['wsp_1', 'go.test', null, true, 1_000]);
    // Short keys stay shared well within the bound.
    expect(places.of('wsp_1', 'go.test', null, true, 2_000)).toBe(again);
  });
});
