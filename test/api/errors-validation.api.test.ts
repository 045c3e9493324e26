/** Errors over REST: link input validation (every refusal names its fields, nothing is written) and request bodies. */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, client, type Lsk, STORES, startLsk } from '../support/server.js';
import { allLinks, BIG_PLAN, createLink, expectError } from './_assert.js';

type Api = ReturnType<typeof client>;
type Body = Record<string, unknown>;

const require = createRequire(import.meta.url);
/** Officially assigned ISO 3166-1 alpha-2 codes (the table the contract means; XK is user-assigned). */
const OFFICIAL: string[] = (require('i18n-iso-countries/codes.json') as string[][]).map((r) => r[0]!).filter((c) => c !== 'XK');

const D = 'https://example.com/';
const RESERVED = ['v1', 'graphql', 'docs', 'healthz', 'readyz', 'metrics', 'dashboard', '.well-known', 'favicon.ico', 'robots.txt'];

/** 251 two-letter upper-case keys: every official code plus two that are not. */
const TOO_MANY_GEO = Object.fromEntries([...OFFICIAL, 'AA', 'QZ'].map((c) => [c, `https://example.com/${c}`]));

/** [what, body, the paths details must name] for POST /v1/links. */
const CREATE_CASES: [string, Body, string[]][] = [
  ['a javascript: destination', { destination: 'javascript:alert(1)' }, ['destination']],
  ['a data: destination', { destination: 'data:text/html,<b>hi</b>' }, ['destination']],
  ['an ftp: destination', { destination: 'ftp://example.com/file' }, ['destination']],
  ['a mailto: destination', { destination: 'mailto:someone@example.com' }, ['destination']],
  ['a file: destination', { destination: 'file:///etc/passwd' }, ['destination']],
  ['a relative destination', { destination: '/just/a/path' }, ['destination']],
  ['a destination without a scheme', { destination: 'example.com/page' }, ['destination']],
  ['a destination without a host', { destination: 'http://' }, ['destination']],
  ['a missing destination', {}, ['destination']],
  ['a null destination', { destination: null }, ['destination']],
  ['an empty destination', { destination: '' }, ['destination']],
  ['a destination over 8,192 characters', { destination: D + 'x'.repeat(8193 - D.length) }, ['destination']],
  ['a destination with a space', { destination: 'https://example.com/a b' }, ['destination']],
  ['a destination with leading whitespace', { destination: ' https://example.com/' }, ['destination']],
  ['a destination with a trailing newline', { destination: 'https://example.com/\n' }, ['destination']],
  ['a destination with a tab', { destination: 'https://exa\tmple.com/' }, ['destination']],
  // C1 controls (U+0080-U+009F): NEL and CSI among them; every URL field refuses them.
  ['a destination with U+0085 (NEL)', { destination: 'https://example.com/a\u0085b' }, ['destination']],
  ['a destination with U+009B (CSI)', { destination: 'https://example.com/\u009b31m' }, ['destination']],
  ['a destination with U+0080', { destination: 'https://example.com/?q=\u0080' }, ['destination']],
  ['a geo URL with U+009F', { destination: D, geo_targeting: { DE: 'https://example.de/\u009f' } }, ['geo_targeting.DE']],
  ['a device URL with U+0085', { destination: D, device_targeting: { ios: 'https://example.com/\u0085' } }, ['device_targeting.ios']],
  ['an expired_url with U+009B', { destination: D, expired_url: 'https://example.com/\u009b' }, ['expired_url']],
  ...RESERVED.map((w): [string, Body, string[]] => [`the reserved alias "${w}"`, { destination: D, alias: w }, ['alias']]),
  ...RESERVED.map((w): [string, Body, string[]] => [`an alias under the reserved segment "${w}/"`, { destination: D, alias: `${w}/x` }, ['alias']]),
  ...['a b', 'a?b', 'a#b', 'a%20b', 'äpfel', 'a+b', 'a@b', 'a:b', 'a\\b', 'a,b', '<script>', 'a\u0000b', 'emoji😀'].map((a): [string, Body, string[]] => [
    `the alias ${JSON.stringify(a)} with a character outside the allowed set`,
    { destination: D, alias: a },
    ['alias'],
  ]),
  ...['/lead', 'trail/', 'a//b', '/', '//'].map((a): [string, Body, string[]] => [
    `the alias ${JSON.stringify(a)} (bad slashes)`,
    { destination: D, alias: a },
    ['alias'],
  ]),
  ...['.', '..', 'a/./b', 'a/../b', './a', 'a/..'].map((a): [string, Body, string[]] => [
    `the alias ${JSON.stringify(a)} (dot segment)`,
    { destination: D, alias: a },
    ['alias'],
  ]),
  ['an alias of 129 characters', { destination: D, alias: 'a'.repeat(129) }, ['alias']],
  ['an empty alias', { destination: D, alias: '' }, ['alias']],
  ...['XX', 'us', 'XK', 'USA', 'D', 'D1', 'Us'].map((k): [string, Body, string[]] => [
    `the geo_targeting key "${k}"`,
    { destination: D, geo_targeting: { [k]: 'https://example.com/geo' } },
    [`geo_targeting.${k}`],
  ]),
  ...(['javascript:alert(1)', 'ftp://example.com/', 'not a url', 42, null, {}, ''] as unknown[]).map((v): [string, Body, string[]] => [
    `the geo_targeting value ${JSON.stringify(v)}`,
    { destination: D, geo_targeting: { DE: v } },
    ['geo_targeting.DE'],
  ]),
  ['geo_targeting that is an array', { destination: D, geo_targeting: [] }, ['geo_targeting']],
  ['geo_targeting that is a string', { destination: D, geo_targeting: 'DE' }, ['geo_targeting']],
  ['more than 250 geo_targeting entries', { destination: D, geo_targeting: TOO_MANY_GEO }, ['geo_targeting', 'geo_targeting.AA', 'geo_targeting.QZ']],
  ['26 tags', { destination: D, tags: Array.from({ length: 26 }, (_, i) => `t${i}`) }, ['tags']],
  ['a tag of 65 characters', { destination: D, tags: ['ok', 't'.repeat(65)] }, ['tags.1']],
  ['an empty tag', { destination: D, tags: [''] }, ['tags.0']],
  ['a tag of only spaces', { destination: D, tags: ['   '] }, ['tags.0']],
  ['a tag with a control character', { destination: D, tags: ['a\u0007b'] }, ['tags.0']],
  ['a tag that is a number', { destination: D, tags: [1] }, ['tags.0']],
  ['a tag that is null', { destination: D, tags: [null] }, ['tags.0']],
  ['tags given as a string', { destination: D, tags: 'a' }, ['tags']],
  ['tags given as an object', { destination: D, tags: { a: 1 } }, ['tags']],
  ['an unknown field', { destination: D, foo: 1 }, ['foo']],
  ['a read-only field (id)', { destination: D, id: 'lnk_mine' }, ['id']],
  ['a read-only field (short_url)', { destination: D, short_url: 'https://x/y' }, ['short_url']],
  ['a read-only field (clicks)', { destination: D, clicks: 5 }, ['clicks']],
  ['a camelCase field name', { destination: D, geoTargeting: {} }, ['geoTargeting']],
  ['a __proto__ field', JSON.parse('{"destination":"https://example.com/","__proto__":{"admin":true}}') as Body, ['__proto__']],
  ['a destination that is a number', { destination: 123 }, ['destination']],
  ['a destination that is an array', { destination: [D] }, ['destination']],
  ['an alias that is a number', { destination: D, alias: 5 }, ['alias']],
  ['an alias that is a boolean', { destination: D, alias: true }, ['alias']],
  ['a domain that is a number', { destination: D, domain: 7 }, ['domain']],
  ['a domain with a scheme', { destination: D, domain: 'https://go.example.com' }, ['domain']],
  ['a domain with a path', { destination: D, domain: 'go.example.com/x' }, ['domain']],
  ['a domain with a port (not localhost)', { destination: D, domain: 'go.example.com:8080' }, ['domain']],
  ['a domain with an empty label', { destination: D, domain: 'a..example.com' }, ['domain']],
  ['an empty domain', { destination: D, domain: '' }, ['domain']],
  [
    'several problems at once',
    { destination: 'ftp://x', alias: 'v1', geo_targeting: { us: 'nope', DE: 'javascript:x' }, tags: ['', 'x'.repeat(65)], extra: 1, more: 2 },
    ['destination', 'alias', 'geo_targeting.us', 'geo_targeting.DE', 'tags.0', 'tags.1', 'extra', 'more'],
  ],
];

/** [what, body, paths] for PATCH /v1/links/{id}. */
const PATCH_CASES: [string, Body, string[]][] = [
  ['a javascript: destination', { destination: 'javascript:alert(1)' }, ['destination']],
  ['a null destination', { destination: null }, ['destination']],
  ['a reserved alias', { alias: 'graphql' }, ['alias']],
  ['an alias with a double slash', { alias: 'a//b' }, ['alias']],
  ['a null alias', { alias: null }, ['alias']],
  ['a bad geo_targeting key', { geo_targeting: { XX: D } }, ['geo_targeting.XX']],
  ['26 tags', { tags: Array.from({ length: 26 }, (_, i) => `t${i}`) }, ['tags']],
  ['an unknown field', { destination: D, bogus: true }, ['bogus']],
  ['an id in the body', { id: 'lnk_other' }, ['id']],
  ['wrong types', { destination: 123, tags: 'a' }, ['destination', 'tags']],
  ['a valid field next to a bad one', { destination: 'https://changed.example/', alias: '..' }, ['alias']],
];

describe.each(STORES)('errors over REST on %s', (store) => {
  let lsk: Lsk;
  let key: string;
  let api: Api;
  let fixture: any;

  beforeAll(async () => {
    lsk = await startLsk(store);
    key = await lsk.workspace('errs', BIG_PLAN);
    api = client(lsk.base, key);
    fixture = await createLink(api, {
      destination: 'https://example.com/fixture',
      alias: 'fixture',
      tags: ['keep'],
      geo_targeting: { DE: 'https://example.de/' },
    });
  });
  afterAll(async () => {
    if (lsk && lsk.proc.exitCode !== null) console.log(lsk.output().slice(-5000));
    await lsk?.stop();
  });

  /** A raw request (any body bytes, any headers), answered as ApiResponse. */
  async function raw(method: string, path: string, init: { body?: BodyInit; headers?: Record<string, string>; duplex?: 'half' } = {}): Promise<ApiResponse> {
    const res = await fetch(`${lsk.base}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...init.headers },
      body: init.body,
      ...(init.duplex ? { duplex: init.duplex } : {}),
    } as RequestInit);
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.status, headers: res.headers, body, text };
  }

  describe('link input validation', () => {
    it.each(CREATE_CASES)('refuses a link with %s: 400 validation_failed naming every bad field, nothing created', async (_what, body, paths) => {
      const before = await allLinks(api);
      expectError(await api('POST', '/v1/links', body), 400, 'validation_failed', { paths });
      expect(await allLinks(api)).toEqual(before);
    });

    it.each(PATCH_CASES)('refuses a PATCH with %s: 400 validation_failed, the link unchanged', async (_what, body, paths) => {
      expectError(await api('PATCH', `/v1/links/${fixture.id}`, body), 400, 'validation_failed', { paths });
      expect((await api('GET', `/v1/links/${fixture.id}`)).body).toEqual(fixture);
    });

    it('accepts the boundaries the refusals sit next to: 25 tags of 64 characters, all 249 country codes', async () => {
      const tags = Array.from({ length: 25 }, (_, i) => `${String(i).padStart(2, '0')}${'t'.repeat(62)}`);
      const a = await createLink(api, { destination: D, tags });
      expect(a.tags).toEqual(tags);
      const geo = Object.fromEntries(OFFICIAL.map((c) => [c, `https://example.com/${c}`]));
      expect(Object.keys(geo)).toHaveLength(249);
      const b = await createLink(api, { destination: D, geo_targeting: geo });
      expect(b.geo_targeting).toEqual(geo);
      for (const id of [a.id, b.id]) expect((await api('DELETE', `/v1/links/${id}`)).status).toBe(204);
    });

    it('refuses a duplicate alias on create and on update with 409 alias_taken', async () => {
      expectError(await api('POST', '/v1/links', { destination: D, alias: 'fixture' }), 409, 'alias_taken', { paths: ['alias'] });
      const other = await createLink(api, { destination: D, alias: 'other-one' });
      expectError(await api('PATCH', `/v1/links/${other.id}`, { alias: 'fixture' }), 409, 'alias_taken', { paths: ['alias'] });
      expect((await api('GET', `/v1/links/${other.id}`)).body).toEqual(other);
      expect((await api('DELETE', `/v1/links/${other.id}`)).status).toBe(204);
    });
  });

  describe('request bodies', () => {
    it.each([
      ['truncated JSON', '{"destination":'],
      ['unquoted keys', '{destination: "https://example.com/"}'],
      ['single quotes', "{'destination': 'https://example.com/'}"],
      ['trailing garbage', '{"destination":"https://example.com/"}}'],
      ['a trailing comma', '{"destination":"https://example.com/",}'],
      ['NaN', 'NaN'],
      ['plain text', 'hello'],
    ])('answers 400 invalid_json to %s and creates nothing', async (_what, text) => {
      const before = await allLinks(api);
      expectError(await api('POST', '/v1/links', text), 400, 'invalid_json');
      expectError(await api('PATCH', `/v1/links/${fixture.id}`, text), 400, 'invalid_json');
      expect(await allLinks(api)).toEqual(before);
    });

    it.each([
      ['an array', '[]'],
      ['a string', '"https://example.com/"'],
      ['a number', '42'],
      ['null', 'null'],
      ['true', 'true'],
    ])('answers 400 validation_failed when the body is %s, not an object', async (_what, text) => {
      for (const res of [await api('POST', '/v1/links', text), await api('PATCH', `/v1/links/${fixture.id}`, text), await api('POST', '/v1/domains', text)]) {
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('validation_failed');
        expect(res.body.error.details.length).toBeGreaterThan(0);
        expect(res.body.error.request_id).toBe(res.headers.get('x-request-id'));
      }
    });

    it('answers 413 payload_too_large to a body over 1 MiB, with or without Content-Length', async () => {
      const big = JSON.stringify({ destination: D, alias: 'x'.repeat(1024 * 1024) });
      expect(Buffer.byteLength(big)).toBeGreaterThan(1024 * 1024);
      expectError(await api('POST', '/v1/links', big), 413, 'payload_too_large');
      expectError(await api('PATCH', `/v1/links/${fixture.id}`, big), 413, 'payload_too_large');
      const chunks = [Buffer.from('{"destination":"https://example.com/","alias":"'), Buffer.alloc(1024 * 1024 + 10, 0x61), Buffer.from('"}')];
      const stream = new ReadableStream({
        start(ctrl) {
          for (const c of chunks) ctrl.enqueue(new Uint8Array(c));
          ctrl.close();
        },
      });
      expectError(await raw('POST', '/v1/links', { body: stream, headers: { 'content-type': 'application/json' }, duplex: 'half' }), 413, 'payload_too_large');
      // Exactly 1 MiB is not too large (the alias is then what is wrong).
      const prefix = '{"destination":"https://example.com/","alias":"';
      const exact = `${prefix + 'y'.repeat(1024 * 1024 - prefix.length - 2)}"}`;
      expect(Buffer.byteLength(exact)).toBe(1024 * 1024);
      expectError(await api('POST', '/v1/links', exact), 400, 'validation_failed', { paths: ['alias'] });
      expect((await api('GET', `/v1/links/${fixture.id}`)).body).toEqual(fixture);
      // The server still answers normally afterwards.
      expect((await api('GET', '/v1/links?limit=1')).status).toBe(200);
    });

    it.each([
      ['text/plain', { 'content-type': 'text/plain' }],
      ['application/x-www-form-urlencoded', { 'content-type': 'application/x-www-form-urlencoded' }],
      ['multipart/form-data', { 'content-type': 'multipart/form-data; boundary=x' }],
      ['no Content-Type at all', {}],
    ] as [string, Record<string, string>][])('answers 415 unsupported_media_type to a JSON body sent as %s', async (_what, headers) => {
      const body = new TextEncoder().encode(JSON.stringify({ destination: D, name: 'x', host: 'ct.example.com' }));
      const before = await allLinks(api);
      expectError(await raw('POST', '/v1/links', { body, headers }), 415, 'unsupported_media_type');
      expectError(await raw('PATCH', `/v1/links/${fixture.id}`, { body, headers }), 415, 'unsupported_media_type');
      expectError(await raw('POST', '/v1/domains', { body, headers }), 415, 'unsupported_media_type');
      expectError(await raw('POST', '/v1/keys', { body, headers }), 415, 'unsupported_media_type');
      expectError(await raw('PATCH', '/v1/tags/keep', { body, headers }), 415, 'unsupported_media_type');
      expect(await allLinks(api)).toEqual(before);
      expect((await api('GET', '/v1/domains')).body.data).toEqual([]);
    });

    it('accepts application/json with a charset parameter', async () => {
      const res = await raw('POST', '/v1/links', { body: JSON.stringify({ destination: D }), headers: { 'content-type': 'application/json; charset=utf-8' } });
      expect(res.status).toBe(201);
      expect((await api('DELETE', `/v1/links/${res.body.id}`)).status).toBe(204);
    });
  });
});
