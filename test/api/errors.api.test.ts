import { createRequire } from 'node:module';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, client, type Lsk, STORES, startLsk } from '../support/server.js';
import { allLinks, BIG_PLAN, createLink, expectError, graphql } from './_assert.js';

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

  describe('routes and methods', () => {
    it.each([
      ['PUT', '/v1/links', ['GET', 'POST']],
      ['DELETE', '/v1/links', ['GET', 'POST']],
      ['PATCH', '/v1/links', ['GET', 'POST']],
      ['POST', '/v1/links/lnk_x', ['GET', 'PATCH', 'DELETE']],
      ['PUT', '/v1/links/lnk_x', ['GET', 'PATCH', 'DELETE']],
      ['POST', '/v1/links/lnk_x/stats', ['GET']],
      ['POST', '/v1/tags', ['GET']],
      ['GET', '/v1/tags/x', ['PATCH', 'DELETE']],
      ['PATCH', '/v1/domains', ['GET', 'POST']],
      ['GET', '/v1/domains/x.example', ['DELETE']],
      ['PUT', '/v1/keys', ['GET', 'POST']],
      ['GET', '/v1/keys/key_x', ['DELETE']],
      ['POST', '/v1/workspace', ['GET']],
      ['DELETE', '/v1/workspace', ['GET']],
    ] as [string, string, string[]][])('answers %s %s with 405 method_not_allowed and an Allow header', async (method, path, allow) => {
      const res = await api(method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
      expectError(res, 405, 'method_not_allowed');
      const header = (res.headers.get('allow') ?? '')
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean);
      expect(header.sort()).toEqual([...allow].sort());
    });

    it.each([
      '/v1',
      '/v1/',
      '/v1/nope',
      '/v1/links/a/b',
      '/v1/links/x/stats/y',
      '/v1/link',
      '/v1/LINKS',
      '/v1/tags/',
      '/v1/openapi',
      '/v1/graphql',
      '/v2/links',
    ])('answers GET %s with a JSON 404 not_found', async (path) => {
      const res = await api('GET', path, undefined, { accept: 'application/json' });
      expectError(res, 404, 'not_found');
    });

    it('treats a path starting with // as an unknown path, not as the endpoint after the next slash', async () => {
      // A URL parser would read "//x/v1/links" as host "x" and path "/v1/links".
      const before = (await allLinks(api)).map((l) => l.id);
      const res = await api('POST', '//x/v1/links', { destination: D });
      for (const l of await allLinks(api)) if (!before.includes(l.id)) await api('DELETE', `/v1/links/${l.id}`);
      expect([404, 405]).toContain(res.status);
    });

    it('answers request headers over 16 KiB (refused by node:http itself) with a JSON 413', async () => {
      const res = await api('GET', '/v1/links', undefined, { 'x-padding': 'x'.repeat(20_000) });
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe('payload_too_large');
    });

    it.each([
      ['/v1/links?foo=1', ['foo']],
      ['/v1/links?limit=5&limit=6', ['limit']],
      ['/v1/links?tag=a&tag=b', ['tag']],
      ['/v1/links?LIMIT=5', ['LIMIT']],
      ['/v1/links?foo=1&bar=2&limit=0', ['foo', 'bar', 'limit']],
      ['/v1/links?limit=0', ['limit']],
      ['/v1/links?limit=101', ['limit']],
      ['/v1/links?limit=abc', ['limit']],
      ['/v1/links?limit=-1', ['limit']],
      ['/v1/links?limit=1.5', ['limit']],
      ['/v1/links?limit=', ['limit']],
      ['/v1/links?limit=1e2', ['limit']],
      ['/v1/links?limit=99999999999999999999', ['limit']],
      ['/v1/links?domain=https%3A%2F%2Fx.com', ['domain']],
      [`/v1/links?tag=${'t'.repeat(65)}`, ['tag']],
      ['/v1/links/LINK/stats?bogus=1', ['bogus']],
      ['/v1/links/LINK?x=1', ['x']],
      ['/v1/workspace?verbose=1', ['verbose']],
      ['/v1/tags?limit=1', ['limit']],
    ] as [string, string[]][])('answers GET %s with 400 validation_failed naming the parameters', async (path, paths) => {
      expectError(await api('GET', path.replace('LINK', fixture.id)), 400, 'validation_failed', { paths });
    });

    it.each([
      'garbage',
      '!!!',
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from('["x","lnk_a"]').toString('base64url'),
      Buffer.from('[1e400,"lnk_a"]').toString('base64url'),
      Buffer.from('not json').toString('base64url'),
      'a'.repeat(513),
    ])('answers 400 invalid_cursor to the cursor %s', async (cursor) => {
      expectError(await api('GET', `/v1/links?cursor=${encodeURIComponent(cursor)}`), 400, 'invalid_cursor');
    });
  });

  describe('authentication', () => {
    let tokenParts: { header: Record<string, unknown>; payload: Record<string, unknown> };

    beforeAll(() => {
      const [h, p] = key.slice('lsk_live_'.length).split('.');
      tokenParts = { header: JSON.parse(Buffer.from(h!, 'base64url').toString()), payload: JSON.parse(Buffer.from(p!, 'base64url').toString()) };
    });

    async function withAuth(authorization: string | undefined) {
      const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
      const res = await fetch(`${lsk.base}/v1/links`, { headers });
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: JSON.parse(text), text };
    }

    it('answers 401 unauthorized without an Authorization header, on every endpoint', async () => {
      for (const [method, path] of [
        ['GET', '/v1/links'],
        ['POST', '/v1/links'],
        ['GET', `/v1/links/${fixture.id}`],
        ['DELETE', `/v1/links/${fixture.id}`],
        ['GET', '/v1/tags'],
        ['GET', '/v1/keys'],
        ['GET', '/v1/workspace'],
      ]) {
        const res = await client(lsk.base)(method!, path!, method === 'POST' ? { destination: D } : undefined);
        expectError(res, 401, 'unauthorized');
      }
      expect((await api('GET', `/v1/links/${fixture.id}`)).body).toEqual(fixture);
    });

    it('answers 401 invalid_api_key to garbage, a wrong prefix, a tampered signature and a JWT signed with another key', async () => {
      const jwt = key.slice('lsk_live_'.length);
      const [h, p, s] = jwt.split('.') as [string, string, string];
      const flipped = s.slice(0, 10) + (s[10] === 'A' ? 'B' : 'A') + s.slice(11);
      const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
      const forged = await new SignJWT({ wsp: tokenParts.payload.wsp })
        .setProtectedHeader({ alg: 'EdDSA', kid: String(tokenParts.header.kid), typ: 'JWT' })
        .setSubject(String(tokenParts.payload.sub))
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey);
      const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const none = `${b64({ alg: 'none', kid: tokenParts.header.kid })}.${p}.`;
      const hs256 = await new SignJWT({ wsp: tokenParts.payload.wsp })
        .setProtectedHeader({ alg: 'HS256', kid: String(tokenParts.header.kid) })
        .setSubject(String(tokenParts.payload.sub))
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('x'.repeat(32)));
      const otherPayload = `${h}.${b64({ ...tokenParts.payload, wsp: 'wsp_someoneelse000000' })}.${s}`;
      const cases = [
        'Bearer garbage',
        'Bearer lsk_live_garbage',
        'Bearer lsk_live_',
        `Bearer lsk_test_${jwt}`,
        `Bearer ${jwt}`,
        `Bearer LSK_LIVE_${jwt}`,
        `Bearer lsk_live_${h}.${p}.${flipped}`,
        `Bearer lsk_live_${h}.${p}`,
        `Bearer lsk_live_${forged}`,
        `Bearer lsk_live_${none}`,
        `Bearer lsk_live_${hs256}`,
        `Bearer lsk_live_${otherPayload}`,
        `Basic ${Buffer.from(`user:${key}`).toString('base64')}`,
        key,
        `Bearer ${key} extra`,
      ];
      for (const authorization of cases) {
        const res = await withAuth(authorization);
        expect(res.body?.error?.code, authorization.slice(0, 60)).toBe('invalid_api_key');
        expectError(res as ApiResponse, 401, 'invalid_api_key');
      }
    });

    it('answers 401 key_revoked at once after DELETE /v1/keys/{id}, on REST and GraphQL', async () => {
      const created = await api('POST', '/v1/keys', { name: 'short-lived' });
      expect(created.status).toBe(201);
      const doomed = client(lsk.base, created.body.key);
      expect((await doomed('GET', '/v1/links?limit=1')).status).toBe(200);
      const del = await api('DELETE', `/v1/keys/${created.body.id}`);
      expect(del.status).toBe(204);
      expect(del.text).toBe('');
      expectError(await doomed('GET', '/v1/links?limit=1'), 401, 'key_revoked');
      expectError(await doomed('POST', '/v1/links', { destination: D }), 401, 'key_revoked');
      const gql = await graphql(lsk.base, created.body.key)('{ workspace { id } }');
      expect(gql.body.errors[0].extensions.code).toBe('key_revoked');
      expect(gql.body.data ?? null).toBeNull();
      // Revoking again changes nothing (the key stays revoked since the first time); an unknown key is 404.
      const revokedAt = (await api('GET', '/v1/keys')).body.data.find((k: { id: string }) => k.id === created.body.id).revoked_at;
      expect(revokedAt).toEqual(expect.any(String));
      const again = await api('DELETE', `/v1/keys/${created.body.id}`);
      expect(again.status).toBe(204);
      expect((await api('GET', '/v1/keys')).body.data.find((k: { id: string }) => k.id === created.body.id).revoked_at).toBe(revokedAt);
      expectError(await doomed('GET', '/v1/links?limit=1'), 401, 'key_revoked');
      expectError(await api('DELETE', '/v1/keys/key_doesnotexist000000'), 404, 'not_found');
      // The caller's own key is untouched.
      expect((await api('GET', '/v1/links?limit=1')).status).toBe(200);
    });
  });

  describe('workspaces are isolated', () => {
    let a: Api;
    let b: Api;
    let bKey: string;
    let aLink: any;
    let aKeyId: string;

    beforeAll(async () => {
      a = client(lsk.base, await lsk.workspace('alpha', BIG_PLAN));
      bKey = await lsk.workspace('bravo', BIG_PLAN);
      b = client(lsk.base, bKey);
      expect((await a('POST', '/v1/domains', { host: 'alpha.example.com' })).status).toBe(201);
      aLink = await createLink(a, { destination: 'https://alpha.example/secret', domain: 'alpha.example.com', alias: 'alpha-secret', tags: ['alpha-tag'] });
      await createLink(a, { destination: 'https://alpha.example/two', alias: 'alpha-two', tags: ['alpha-tag'] });
      const k = await a('POST', '/v1/keys', { name: 'alpha-ci' });
      expect(k.status).toBe(201);
      aKeyId = k.body.id;
      await createLink(b, { destination: 'https://bravo.example/', alias: 'bravo-own', tags: ['bravo-tag'] });
    });

    it("answers 404 not_found, exactly like an unknown id, for another workspace's link, tag, domain and key", async () => {
      const unknown = await b('GET', '/v1/links/lnk_doesnotexist0000000');
      const theirs = await b('GET', `/v1/links/${aLink.id}`);
      expectError(theirs, 404, 'not_found');
      expect(theirs.body.error.message).toBe(unknown.body.error.message);
      expectError(await b('PATCH', `/v1/links/${aLink.id}`, { destination: 'https://evil.example/' }), 404, 'not_found');
      expectError(await b('DELETE', `/v1/links/${aLink.id}`), 404, 'not_found');
      expectError(await b('GET', `/v1/links/${aLink.id}/stats`), 404, 'not_found');
      expectError(await b('PATCH', '/v1/tags/alpha-tag', { name: 'stolen' }), 404, 'not_found');
      expectError(await b('DELETE', '/v1/tags/alpha-tag'), 404, 'not_found');
      expectError(await b('DELETE', '/v1/domains/alpha.example.com'), 404, 'not_found');
      expectError(await b('DELETE', `/v1/keys/${aKeyId}`), 404, 'not_found');
    });

    it("never lists another workspace's links, tags, domains or keys, whatever the filter or cursor", async () => {
      const bLinks = await allLinks(b);
      expect(bLinks.map((l) => l.alias)).toEqual(['bravo-own']);
      expect(await allLinks(b, 'tag=alpha-tag')).toEqual([]);
      expect(await allLinks(b, 'domain=alpha.example.com')).toEqual([]);
      expect(await allLinks(b, 'q=alpha')).toEqual([]);
      const aPage = await a('GET', '/v1/links?limit=1');
      const withTheirCursor = await b('GET', `/v1/links?cursor=${encodeURIComponent(aPage.body.next_cursor)}`);
      if (withTheirCursor.status === 200) {
        for (const l of withTheirCursor.body.data) expect(l.alias).toBe('bravo-own');
      } else {
        expectError(withTheirCursor, 400, 'invalid_cursor');
      }
      expect((await b('GET', '/v1/tags')).body.data.map((t: { name: string }) => t.name)).toEqual(['bravo-tag']);
      expect((await b('GET', '/v1/domains')).body.data).toEqual([]);
      const bKeys = (await b('GET', '/v1/keys')).body.data.map((k: { id: string }) => k.id);
      expect(bKeys).toHaveLength(1);
      expect(bKeys).not.toContain(aKeyId);
      expect(bKeys[0]).toBe(JSON.parse(Buffer.from(bKey.split('.')[1]!, 'base64url').toString()).sub);
    });

    it("refuses a link on another workspace's domain (400, path domain) and its host with 409 domain_taken", async () => {
      expectError(await b('POST', '/v1/links', { destination: D, domain: 'alpha.example.com', alias: 'hijack' }), 400, 'validation_failed', {
        paths: ['domain'],
      });
      const own = await createLink(b, { destination: D });
      expectError(await b('PATCH', `/v1/links/${own.id}`, { domain: 'alpha.example.com' }), 400, 'validation_failed', { paths: ['domain'] });
      for (const host of ['alpha.example.com', 'ALPHA.example.COM', ' alpha.example.com ']) {
        expectError(await b('POST', '/v1/domains', { host }), 409, 'domain_taken', { paths: ['host'] });
      }
      expectError(await a('POST', '/v1/domains', { host: 'alpha.example.com' }), 409, 'domain_taken', { paths: ['host'] });
      expect((await b('GET', '/v1/domains')).body.data).toEqual([]);
    });

    it("refuses another workspace's resources over GraphQL with not_found", async () => {
      const gql = graphql(lsk.base, bKey);
      const cases = [
        [`{ link(id: "${aLink.id}") { id } }`, 'link'],
        [`{ linkStats(id: "${aLink.id}") { clicks } }`, 'linkStats'],
        [`mutation { updateLink(id: "${aLink.id}", destination: "https://evil.example/") { id } }`, 'updateLink'],
        [`mutation { deleteLink(id: "${aLink.id}") }`, 'deleteLink'],
        ['mutation { updateTag(tag: "alpha-tag", name: "x") { name } }', 'updateTag'],
        ['mutation { deleteTag(name: "alpha-tag") }', 'deleteTag'],
        ['mutation { deleteDomain(host: "alpha.example.com") }', 'deleteDomain'],
        [`mutation { revokeKey(id: "${aKeyId}") { id } }`, 'revokeKey'],
      ];
      for (const [query, field] of cases) {
        const res = await gql(query!);
        expect(res.body.errors?.[0]?.extensions?.code, query).toBe('not_found');
        expect(res.body.errors[0].path).toEqual([field]);
      }
      const own = await gql('{ links(limit: 100) { data { alias } } tags { data { name } } domains { data { host } } }');
      expect(own.body.data.links.data.map((l: { alias: string }) => l.alias)).not.toContain('alpha-secret');
      expect(own.body.data.tags.data.map((t: { name: string }) => t.name)).toEqual(['bravo-tag']);
      expect(own.body.data.domains.data).toEqual([]);
    });

    it("leaves the other workspace's resources exactly as they were", async () => {
      expect((await a('GET', `/v1/links/${aLink.id}`)).body).toEqual(aLink);
      const tags = (await a('GET', '/v1/tags')).body.data;
      expect(tags.map((t: { name: string; links: number }) => [t.name, t.links])).toEqual([['alpha-tag', 2]]);
      expect((await a('GET', '/v1/domains')).body.data.map((d: { host: string }) => d.host)).toEqual(['alpha.example.com']);
      const keys = (await a('GET', '/v1/keys')).body.data;
      expect(keys.find((k: { id: string }) => k.id === aKeyId).revoked_at).toBeNull();
    });
  });

  describe('rate limits', () => {
    it('answers 429 rate_limited with Retry-After once the plan is used up, with RateLimit headers on every answer', async () => {
      const tiny = client(lsk.base, await lsk.workspace('tiny', ['--rpm', '3']));
      const remaining: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await tiny('GET', '/v1/links');
        expect(res.status).toBe(200);
        expect(res.headers.get('ratelimit-limit')).toBe('3');
        expect(res.headers.get('ratelimit-policy')).toBe('3;w=60');
        expect(res.headers.get('x-ratelimit-limit')).toBe('3');
        expect(res.headers.get('ratelimit-reset')).toMatch(/^\d+$/);
        expect(res.headers.get('x-ratelimit-remaining')).toBe(res.headers.get('ratelimit-remaining'));
        remaining.push(res.headers.get('ratelimit-remaining')!);
      }
      expect(remaining).toEqual(['2', '1', '0']);
      const refused = await tiny('POST', '/v1/links', { destination: D });
      expectError(refused, 429, 'rate_limited');
      expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      // A rolling minute (the limiter counts whole seconds, so at most one second of extra caution).
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(61);
      expect(refused.headers.get('ratelimit-remaining')).toBe('0');
      // A refused request changes nothing: once the plan allows reading again, the workspace has no links.
      expect((await lsk.cli(['workspace', 'set-plan', 'tiny', '--rpm', '100'])).code).toBe(0);
      let list = await tiny('GET', '/v1/links');
      for (let i = 0; i < 50 && list.status === 429; i++) {
        await new Promise((r) => setTimeout(r, 200));
        list = await tiny('GET', '/v1/links');
      }
      expect(list.status).toBe(200);
      expect(list.body.data).toEqual([]);
    });
  });
});
