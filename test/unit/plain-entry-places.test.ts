import { describe, expect, it } from 'vitest';
import { fitsPlace, Places } from '../../src/redirect/plain-entry.js';

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
});
