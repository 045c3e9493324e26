import { describe, expect, it } from 'vitest';
import { clientAddress, countryCode, MmdbGeo } from '../../src/redirect/geo.js';
import { LinkCache } from '../../src/redirect/link-cache.js';
import { resolveTarget } from '../../src/redirect/link-rules.js';
import { withQuery } from '../../src/redirect/location.js';
import { StaleIfError } from '../../src/redirect/stale-if-error.js';
import { classify } from '../../src/redirect/user-agent.js';
import { referrerHost } from '../../src/redirect/visit-facts.js';
import { plainTarget } from '../support/redirect-target.js';

const link = { destination: 'https://example.com/', geoTargeting: { DE: 'https://example.de/', FR: 'https://example.fr/' } };

describe('resolveTarget', () => {
  it.each([
    ['a visitor from a targeted country goes to its URL', 'DE', 'https://example.de/'],
    ['another targeted country', 'FR', 'https://example.fr/'],
    ['an untargeted country gets the destination', 'US', 'https://example.com/'],
    ['an unknown country gets the destination', null, 'https://example.com/'],
  ])('%s', (_label, country, expected) => {
    expect(resolveTarget(link, country)).toBe(expected);
  });
});

describe('withQuery', () => {
  it.each([
    ['https://a.test/x', '', 'https://a.test/x'],
    ['https://a.test/x', 'utm=1', 'https://a.test/x?utm=1'],
    ['https://a.test/x?a=1', 'utm=1', 'https://a.test/x?a=1&utm=1'],
    ['https://a.test/x?', 'utm=1', 'https://a.test/x?utm=1'],
    ['https://a.test/x#top', 'utm=1', 'https://a.test/x?utm=1#top'],
    ['https://a.test/x?a=1#top', 'b=2&c', 'https://a.test/x?a=1&b=2&c#top'],
  ])('%s + %s = %s', (target, q, expected) => {
    expect(withQuery(target, q)).toBe(expected);
  });
});

describe('clientAddress', () => {
  it('ignores X-Forwarded-For unless proxies are trusted', () => {
    expect(clientAddress('10.0.0.1', '1.2.3.4', 0)).toBe('10.0.0.1');
  });
  it('takes the address as many hops back as proxies are trusted', () => {
    expect(clientAddress('10.0.0.1', '9.9.9.9, 1.2.3.4', 1)).toBe('1.2.3.4');
    expect(clientAddress('10.0.0.1', '9.9.9.9, 1.2.3.4', 2)).toBe('9.9.9.9');
    expect(clientAddress('10.0.0.1', '1.2.3.4', 5)).toBe('1.2.3.4');
  });
});

describe('country header', () => {
  it('takes an assigned ISO 3166-1 code in either case', () => {
    expect(countryCode('de')).toBe('DE');
    expect(countryCode('XK')).toBe('XK');
  });
  it("takes no code that names no country: Cloudflare's XX (unknown) and T1 (Tor), ZZ, the EU and AP blocks", () => {
    for (const v of ['XX', 'xx', 'ZZ', 'T1', 'EU', 'AP', 'A1', 'QQ', '', 'DEU', undefined, ['DE', 'FR']]) expect(countryCode(v)).toBeNull();
  });
});

describe('IP database', () => {
  const geo = new MmdbGeo();
  it('knows IPv4 and IPv6 addresses, and none for private ones', () => {
    expect(geo.country('8.8.8.8')).toBe('US');
    expect(geo.country('::ffff:8.8.8.8')).toBe('US');
    expect(geo.country('2a00:1450:4001:80b::200e')).toMatch(/^[A-Z]{2}$/);
    expect(geo.country('127.0.0.1')).toBeNull();
    expect(geo.country('not an ip')).toBeNull();
  });
});

describe('visitor classification (isbot for bots, bowser for families)', () => {
  const person = (device: string, browser: string | null, os: string | null) => ({ bot: false, device, browser, os });
  const BOT = { bot: true, device: 'desktop', browser: null, os: null };
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36', person('desktop', 'Chrome', 'Windows')],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      person('mobile', 'Safari', 'iOS'),
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      person('tablet', 'Safari', 'iOS'),
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
      person('mobile', 'Chrome', 'Android'),
    ],
    ['Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36', person('tablet', 'Chrome', 'Android')],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0', person('desktop', 'Firefox', 'Linux')],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0',
      person('desktop', 'Microsoft Edge', 'Windows'),
    ],
    ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36', person('desktop', 'Chrome', 'Chrome OS')],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', BOT],
    ['curl/8.5.0', BOT],
    ['', BOT],
  ])('%s', (ua, expected) => {
    expect(classify(ua)).toEqual(expected);
  });
  it('parses each distinct User-Agent once, and still classifies ones too long to remember', () => {
    const ua = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
    expect(classify(ua)).toBe(classify(ua));
    const long = `${ua} ${'x'.repeat(1000)}`;
    expect(classify(long)).toEqual(person('desktop', 'Safari', 'macOS'));
  });
  it('takes only the host of a referrer', () => {
    expect(referrerHost('https://News.Example/a?b')).toBe('news.example');
    expect(referrerHost('not a url')).toBeNull();
    expect(referrerHost(undefined)).toBeNull();
  });
});

describe('link cache', () => {
  const l = plainTarget();
  it('bounds its entries and keeps negative entries apart', () => {
    const c = new LinkCache(2, 2);
    c.set('a', l, 0);
    c.set('b', l, 0);
    c.set('c', l, 0);
    // One of the two held before went (chosen at random); the newest is kept.
    expect(c.size).toBe(2);
    expect([c.get('a', 0), c.get('b', 0)].filter((x) => x === undefined)).toHaveLength(1);
    expect(c.get('c', 0)).toMatchObject({ id: 'lnk_1' });
    for (const k of ['x', 'y', 'z']) c.set(k, null, 0);
    expect(['x', 'y'].map((k) => c.get(k, 0)).filter((x) => x === undefined)).toHaveLength(1);
    expect(c.get('z', 0)).toBeNull();
    expect(c.size).toBe(2);
    expect(c.get('c', 0)).toMatchObject({ id: 'lnk_1' });
  });
  it('forgets a whole domain, and keeps the rest', () => {
    const c = new LinkCache(10, 10);
    for (const k of ['go.test/a', 'go.test/b', 'other.test/a']) c.set(k, l, 0);
    c.set('go.test/gone', null, 0);
    c.forgetDomain('go.test');
    expect(['go.test/a', 'go.test/b', 'go.test/gone'].map((k) => c.get(k, 0))).toEqual([undefined, undefined, undefined]);
    expect(c.get('other.test/a', 0)).toMatchObject({ id: 'lnk_1' });
    expect(c.size).toBe(1);
  });
  it('forgets everything when cleared, and drops a read that started before', () => {
    const c = new LinkCache(10, 10);
    c.set('go.test/a', l, 0);
    c.set('go.test/gone', null, 0);
    const readAt = c.generation;
    c.clear();
    expect([c.get('go.test/a', 0), c.get('go.test/gone', 0)]).toEqual([undefined, undefined]);
    c.set('go.test/a', l, 0, readAt);
    expect(c.size).toBe(0);
  });
  it('re-reads entries after the TTL and drops invalidated ones at once', () => {
    const c = new LinkCache(10, 10, 2000);
    c.set('a', l, 0);
    expect(c.get('a', 1999)).toBeTruthy();
    expect(c.get('a', 2000)).toBeUndefined();
    c.set('a', l, 0);
    c.invalidate('a');
    expect(c.get('a', 1)).toBeUndefined();
  });
});

describe('link cache past freshness (stale-if-error)', () => {
  const l = plainTarget();
  it('keeps a link past its TTL as stale until LSK_STALE_MAX_S after its read, and never a negative entry', () => {
    const c = new LinkCache(10, 10, 2000, 30_000, Infinity, 60_000);
    c.set('a', l, 0);
    c.set('gone', null, 0);
    expect(c.stale('a', 1000)).toBeTruthy(); // still fresh: get answers it
    expect(c.get('a', 2000)).toBeUndefined(); // not fresh: read again...
    expect(c.stale('a', 59_999)).toMatchObject({ id: 'lnk_1' }); // ...served if that read fails
    expect(c.get('a', 60_000)).toBeUndefined();
    expect(c.stale('a', 60_000)).toBeUndefined();
    expect(c.size).toBe(0);
    expect(c.stale('gone', 1)).toBeUndefined();
  });
  it('serves nothing stale when LSK_STALE_MAX_S is 0', () => {
    const c = new LinkCache(10, 10, 2000);
    c.set('a', l, 0);
    expect(c.get('a', 2000)).toBeUndefined();
    expect(c.stale('a', 2000)).toBeUndefined();
  });
  it('while reads fail, re-reads one at a time at most once a second, and a success ends it', async () => {
    const s = new StaleIfError(1000);
    expect(s.failing).toBe(false);
    s.failed(5000);
    expect(s.failing).toBe(true);
    let reads = 0;
    let finish: () => void = () => {};
    const read = () => {
      reads++;
      return new Promise<void>((r) => (finish = r));
    };
    s.probe(5000, read);
    s.probe(7000, read); // one under way: none more
    finish();
    await new Promise((r) => setTimeout(r, 0));
    s.probe(5500, read); // less than a second after the last: none
    s.probe(6000, read);
    expect(reads).toBe(2);
    expect(s.serve('entry')).toBe('entry');
    expect(s.served).toBe(1);
    s.succeeded();
    expect(s.failing).toBe(false);
  });
});

describe('link cache and concurrent changes', () => {
  const l = plainTarget({ destination: 'https://old.test' });
  it('does not keep what a lookup read before a change it raced with', () => {
    const c = new LinkCache(10, 10);
    const seen = c.generation; // a miss starts its store read...
    c.invalidate('a'); // ...a change to the link lands meanwhile...
    c.set('a', l, 0, seen); // ...and the (now stale) read result arrives
    expect(c.get('a', 0)).toBeUndefined();
    c.set('a', null, 0, seen);
    expect(c.get('a', 0)).toBeUndefined();
    c.set('a', l, 0, c.generation);
    expect(c.get('a', 0)).toMatchObject({ destination: 'https://old.test' });
  });
});
