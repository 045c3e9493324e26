import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '../../src/domain/countries.js';
import { decodeCursor, encodeCursor } from '../../src/domain/cursor.js';
import type { LskError } from '../../src/domain/errors.js';
import { aliasProblems, normalizeHost, normalizeTags, shortUrl, urlProblems } from '../../src/domain/field-rules.js';
import { createLinkSchema, updateLinkSchema } from '../../src/domain/link-schemas.js';
import { issuesToDetails } from '../../src/domain/validate.js';

describe('alias rule', () => {
  it.each([
    ['a', true],
    ['Spring-2026_sale.v2~x', true],
    ['a/b/c', true],
    ['x'.repeat(128), true],
    ['x'.repeat(129), false],
    ['', false],
    ['/a', false],
    ['a/', false],
    ['a//b', false],
    ['a b', false],
    ['ä', false],
    ['a?b', false],
    ['a%20b', false],
    ['.', false],
    ['a/../b', false],
    ['v1', false],
    ['V1/x', false],
    ['graphql', false],
    ['docs/x', false],
    ['.well-known', false],
    ['favicon.ico', false],
    ['robots.txt', false],
    ['healthz', false],
    ['readyz', false],
    ['metrics', false],
    ['dashboard', false],
    ['v10', true],
    ['docsx', true],
  ])('%j is valid: %s', (alias, ok) => {
    expect(aliasProblems(alias).length === 0).toBe(ok);
  });
});

describe('URL rule', () => {
  it.each([
    ['https://example.com', true],
    ['http://example.com/a?b=c#d', true],
    ['https://xn--mnchen-3ya.de/', true],
    ['javascript:alert(1)', false],
    ['data:text/html,hi', false],
    ['ftp://example.com', false],
    ['mailto:a@b.c', false],
    ['//example.com', false],
    ['example.com', false],
    ['https://', false],
    [' https://example.com', false],
    ['https://exa mple.com', false],
    ['https://example.com/\n', false],
    [`https://example.com/${'a'.repeat(8192)}`, false],
  ])('%j is accepted: %s', (url, ok) => {
    expect(urlProblems(url).length === 0).toBe(ok);
  });
});

describe('host rule', () => {
  it('lower-cases and turns IDN into punycode', () => {
    expect(normalizeHost('Go.Example.COM')).toEqual({ host: 'go.example.com' });
    expect(normalizeHost('münchen.de')).toEqual({ host: 'xn--mnchen-3ya.de' });
  });
  it('allows a port only for localhost and 127.0.0.1', () => {
    expect(normalizeHost('localhost:8080')).toEqual({ host: 'localhost:8080' });
    expect(normalizeHost('127.0.0.1:9')).toEqual({ host: '127.0.0.1:9' });
    expect(normalizeHost('example.com:8080')).toHaveProperty('problem');
    expect(normalizeHost('localhost:0')).toHaveProperty('problem');
  });
  it.each(['https://example.com', 'example.com/path', '-bad.com', 'a..b', 'exa_mple.com', '', 'user@host.com', `${'a'.repeat(64)}.com`])('refuses %j', (h) => {
    expect(normalizeHost(h)).toHaveProperty('problem');
  });
});

describe('short_url', () => {
  it('is https for real domains and http for loopback', () => {
    expect(shortUrl('go.example.com', 'x')).toBe('https://go.example.com/x');
    expect(shortUrl('localhost:8080', 'x')).toBe('http://localhost:8080/x');
    expect(shortUrl('127.0.0.1:9', 'a/b')).toBe('http://127.0.0.1:9/a/b');
  });
});

describe('tags', () => {
  it('are trimmed and collapse case-insensitive duplicates to the first spelling', () => {
    expect(normalizeTags([' Foo ', 'foo', 'BAR', 'bar ', 'baz'])).toEqual(['Foo', 'BAR', 'baz']);
  });
});

describe('country codes', () => {
  it('are the officially assigned ISO 3166-1 alpha-2 codes', () => {
    expect(COUNTRY_CODES.size).toBe(249);
    for (const c of ['DE', 'US', 'FR', 'JP', 'SS', 'AQ']) expect(COUNTRY_CODES.has(c)).toBe(true);
    for (const c of ['XK', 'UK', 'EU', 'ZZ', 'de', 'XX']) expect(COUNTRY_CODES.has(c)).toBe(false);
  });
});

describe('link input schema', () => {
  it('lists every problem with its field path at once', () => {
    const r = createLinkSchema.safeParse({
      destination: 'ftp://x',
      alias: 'docs',
      geo_targeting: { US: 'javascript:x', XK: 'https://x.test' },
      tags: Array.from({ length: 26 }, (_, i) => `t${i}`),
      color: 'red',
    });
    expect(r.success).toBe(false);
    const paths = issuesToDetails(r.error!.issues).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['destination', 'alias', 'geo_targeting.US', 'geo_targeting.XK', 'tags', 'color']));
  });
  it('treats null and {} geo_targeting as none, and null tags as none', () => {
    expect(createLinkSchema.parse({ destination: 'https://a.test', geo_targeting: null, tags: null })).toMatchObject({ geo_targeting: {}, tags: [] });
    expect(updateLinkSchema.parse({ geo_targeting: {} })).toEqual({ geo_targeting: {} });
  });
  it('refuses more than 250 geo entries', () => {
    const geo = Object.fromEntries([...COUNTRY_CODES].map((c) => [c, 'https://a.test']));
    expect(Object.keys(geo).length).toBe(249);
    expect(createLinkSchema.safeParse({ destination: 'https://a.test', geo_targeting: geo }).success).toBe(true);
  });
  it('refuses a null destination on update', () => {
    expect(updateLinkSchema.safeParse({ destination: null }).success).toBe(false);
  });
});

describe('cursor', () => {
  it('round-trips a position', () => {
    const p = { createdAt: new Date('2026-11-21T10:15:00.123Z'), id: 'lnk_abc' };
    expect(decodeCursor(encodeCursor(p))).toEqual(p);
  });
  it.each([
    '',
    'abc',
    '!!!',
    Buffer.from('[1]').toString('base64url'),
    Buffer.from('{"a":1}').toString('base64url'),
    Buffer.from('[1.5,"x"]').toString('base64url'),
  ])('refuses %j with invalid_cursor', (c) => {
    try {
      decodeCursor(c);
      expect.unreachable();
    } catch (e) {
      expect((e as LskError).code).toBe('invalid_cursor');
    }
  });
});
