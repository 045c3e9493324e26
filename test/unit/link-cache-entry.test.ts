import { describe, expect, it } from 'vitest';
import { linkTargets } from '../../src/domain/destinations.js';
import { LinkCache } from '../../src/redirect/link-cache.js';
import type { Site } from '../../src/redirect/sites.js';
import type { RedirectTarget } from '../../src/storage/links/repository.js';
import { plainTarget } from '../support/redirect-target.js';

const link = (over: Partial<RedirectTarget> = {}): RedirectTarget =>
  plainTarget({ domain: 'go.test', destination: 'https://a.test/landing?ref=x', geoTargeting: { DE: 'https://a.de/', FR: 'https://a.fr/' }, ...over });

const SITE: Site = { rootUrl: '/', notFoundUrl: null, expiredUrl: 'https://site.test/expired', crawlable: true, aasa: null, assetlinks: null };

/** Every property the redirect reads, as plain values (own or inherited alike). */
function fields(e: object): Record<string, unknown> {
  const names = [
    'id',
    'workspaceId',
    'domain',
    'alias',
    'destination',
    'geoTargeting',
    'deviceTargeting',
    'expiresAt',
    'expiredUrl',
    'maxClicks',
    'passwordHash',
  ];
  const more = ['rules', 'variants', 'preview', 'title', 'wildcard', 'noindex', 'crawlable', 'plain', 'targetUrls', 'clicks', 'at'];
  return Object.fromEntries([...names, ...more].map((k) => [k, (e as Record<string, unknown>)[k]]));
}

describe('link cache entries', () => {
  it('give a plain link every property the redirect reads, its target URLs as stored in linkTargets order', () => {
    const c = new LinkCache(10, 10);
    const l = link({ title: 'T' });
    const e = c.set('go.test/a', l, 1234, c.generation, 0, SITE)!;
    expect(fields(e)).toEqual({
      ...fields(l as never),
      geoTargeting: l.geoTargeting,
      deviceTargeting: {},
      expiredUrl: 'https://site.test/expired',
      rules: null,
      variants: null,
      preview: null,
      title: 'T',
      wildcard: false,
      noindex: false,
      crawlable: true,
      plain: true,
      targetUrls: linkTargets({ ...l, expiredUrl: SITE.expiredUrl }).map((t) => t.url),
      clicks: 0,
      at: 1234,
    });
    expect(e.targetUrls).toEqual(['https://a.test/landing?ref=x', 'https://a.de/', 'https://a.fr/', 'https://site.test/expired']);
    // The compact entry: what every plain link has alike, and its target URLs, are not kept per link.
    expect(Object.hasOwn(e, 'targetUrls') || Object.hasOwn(e, 'rules')).toBe(false);
  });

  it('keep target URLs as stored apart from the URLs sent when UTM values or encoding change them', () => {
    const c = new LinkCache(10, 10);
    const utm = c.set('go.test/u', link({ utm: { source: 'news' } as RedirectTarget['utm'] }), 0)!;
    expect(utm.plain).toBe(true);
    expect(utm.destination).toBe('https://a.test/landing?ref=x&utm_source=news');
    expect(utm.geoTargeting).toEqual({ DE: 'https://a.de/?utm_source=news', FR: 'https://a.fr/?utm_source=news' });
    expect(utm.targetUrls).toEqual(['https://a.test/landing?ref=x', 'https://a.de/', 'https://a.fr/']);
    const idn = c.set('go.test/i', link({ destination: 'https://a.test/prix/€', geoTargeting: {} }), 0)!;
    expect(idn.destination).toBe('https://a.test/prix/%E2%82%AC');
    expect(idn.targetUrls).toEqual(['https://a.test/prix/€']);
  });

  it('count a capped link on its own entry, and a plain link stays plain with no clicks', () => {
    const c = new LinkCache(10, 10);
    const capped = c.set('go.test/c', link({ maxClicks: 2 }), 0, c.generation, 1)!;
    expect([capped.plain, capped.clicks, capped.maxClicks]).toEqual([false, 1, 2]);
    capped.clicks++;
    expect(c.get('go.test/c', 0)?.clicks).toBe(2);
    const plain = c.set('go.test/p', link({ geoTargeting: {} }), 0)!;
    expect([plain.plain, plain.clicks, plain.maxClicks, plain.deviceTargeting, plain.geoTargeting]).toEqual([true, 0, null, {}, {}]);
    expect(plain.targetUrls).toEqual(['https://a.test/landing?ref=x']);
  });

  it('mark links with device targets, an expiry or a password as not plain, each with what it sets', () => {
    const c = new LinkCache(10, 10);
    const at = new Date('2030-01-01T00:00:00Z');
    const device = c.set('go.test/d', link({ deviceTargeting: { ios: 'https://apps.test/ios' } }), 0)!;
    expect([device.plain, device.deviceTargeting]).toEqual([false, { ios: 'https://apps.test/ios' }]);
    expect(device.targetUrls).toContain('https://apps.test/ios');
    expect(c.set('go.test/e', link({ expiresAt: at }), 0)).toMatchObject({ plain: false, expiresAt: at });
    expect(c.set('go.test/w', link({ passwordHash: 'h' }), 0)).toMatchObject({ plain: false, passwordHash: 'h' });
  });

  it('share one frozen copy of equal country targets between entries, and keep different ones apart', () => {
    const c = new LinkCache(10, 10);
    const a = c.set('go.test/a', link({ id: 'lnk_a', alias: 'a' }), 0)!;
    const b = c.set('go.test/b', link({ id: 'lnk_b', alias: 'b', geoTargeting: { DE: 'https://a.de/', FR: 'https://a.fr/' } }), 0)!;
    const full = c.set('go.test/x', link({ id: 'lnk_x', alias: 'x', maxClicks: 5 }), 0)!;
    expect(b.geoTargeting).toBe(a.geoTargeting);
    expect(full.geoTargeting).toBe(a.geoTargeting);
    expect(Object.isFrozen(a.geoTargeting)).toBe(true);
    expect([a.plain, b.plain, full.plain]).toEqual([true, true, false]);
    expect(b.targetUrls).toEqual(['https://a.test/landing?ref=x', 'https://a.de/', 'https://a.fr/']);
    const other = c.set('go.test/o', link({ id: 'lnk_o', alias: 'o', geoTargeting: { DE: 'https://b.de/' } }), 0)!;
    expect(other.geoTargeting).toEqual({ DE: 'https://b.de/' });
    expect(other.geoTargeting).not.toBe(a.geoTargeting);
    // With UTM values the targets sent differ from those stored, and are shared as sent.
    const utm = c.set('go.test/u', link({ alias: 'u', utm: { source: 'news' } as RedirectTarget['utm'] }), 0)!;
    expect(utm.geoTargeting).toEqual({ DE: 'https://a.de/?utm_source=news', FR: 'https://a.fr/?utm_source=news' });
  });

  it('keep what the plain links of a workspace and domain share in one place, and each read time exact however far apart', () => {
    const c = new LinkCache(10, 10);
    const t0 = Date.UTC(2026, 10, 28, 12);
    const a = c.set('go.test/a', link({ id: 'lnk_a', alias: 'a' }), t0, c.generation, 0, SITE)!;
    const b = c.set('go.test/b', link({ id: 'lnk_b', alias: 'b' }), t0 + 1, c.generation, 0, SITE)!;
    const place = (e: object) => (e as { place: unknown }).place;
    expect(place(b)).toBe(place(a));
    expect(Object.keys(a).sort()).toEqual(['alias', 'destination', 'geoTargeting', 'id', 'place', 'since', 'title']);
    // Thirteen days later, and back before the first: a new place each, every time read back as given.
    const later = c.set('go.test/l', link({ id: 'lnk_l', alias: 'l' }), t0 + 13 * 86_400_000, c.generation, 0, SITE)!;
    const before = c.set('go.test/e', link({ id: 'lnk_e', alias: 'e' }), t0 - 13 * 86_400_000, c.generation, 0, SITE)!;
    expect(place(later)).not.toBe(place(a));
    expect(place(before)).not.toBe(place(later));
    expect([a.at, b.at, later.at, before.at]).toEqual([t0, t0 + 1, t0 + 13 * 86_400_000, t0 - 13 * 86_400_000]);
    expect([later.workspaceId, later.domain, later.expiredUrl, later.noindex, later.crawlable]).toEqual(['wsp_1', 'go.test', SITE.expiredUrl, false, true]);
    // Another workspace, domain or site setting: another place, with its own values.
    const other = c.set('go.test/o', link({ id: 'lnk_o', alias: 'o', workspaceId: 'wsp_2', domain: 'b.test' }), t0, c.generation, 0, {
      ...SITE,
      crawlable: false,
      expiredUrl: null,
    })!;
    expect(place(other)).not.toBe(place(a));
    expect([other.workspaceId, other.domain, other.expiredUrl, other.noindex, other.crawlable]).toEqual(['wsp_2', 'b.test', null, true, false]);
    // A time that is not a whole number of milliseconds is kept as given, in a full entry.
    const odd = c.set('go.test/f', link({ id: 'lnk_f', alias: 'f' }), t0 + 0.1, c.generation, 0, SITE)!;
    expect([odd.at, odd.plain, Object.hasOwn(odd, 'at')]).toEqual([t0 + 0.1, true, true]);
    expect(c.get('go.test/f', t0 + 1)).toBe(odd);
  });
});
