/** Errors over REST: routes and methods, query parameters, cursors, and authentication. */
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, client, type Lsk, STORES, startLsk } from '../support/server.js';
import { allLinks, BIG_PLAN, createLink, expectError, graphql } from './_assert.js';

type Api = ReturnType<typeof client>;

const D = 'https://example.com/';

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

  describe('routes and methods', () => {
    it.each([
      ['PUT', '/v1/links', ['GET', 'HEAD', 'POST']],
      ['DELETE', '/v1/links', ['GET', 'HEAD', 'POST']],
      ['PATCH', '/v1/links', ['GET', 'HEAD', 'POST']],
      ['POST', '/v1/links/lnk_x', ['GET', 'HEAD', 'PATCH', 'DELETE']],
      ['PUT', '/v1/links/lnk_x', ['GET', 'HEAD', 'PATCH', 'DELETE']],
      ['POST', '/v1/links/lnk_x/stats', ['GET', 'HEAD']],
      ['POST', '/v1/tags', ['GET', 'HEAD']],
      ['GET', '/v1/tags/x', ['PATCH', 'DELETE']],
      ['PATCH', '/v1/domains', ['GET', 'HEAD', 'POST']],
      ['GET', '/v1/domains/x.example', ['PATCH', 'DELETE']],
      ['PUT', '/v1/keys', ['GET', 'HEAD', 'POST']],
      ['GET', '/v1/keys/key_x', ['DELETE']],
      ['POST', '/v1/workspace', ['GET', 'HEAD', 'PATCH', 'DELETE']],
      ['PUT', '/v1/workspace', ['GET', 'HEAD', 'PATCH', 'DELETE']],
    ] as [string, string, string[]][])('answers %s %s with 405 method_not_allowed and an Allow header (HEAD beside GET)', async (method, path, allow) => {
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

    it('accepts only the canonical base64url spelling of a key (RFC 7515 §2): padding, changed unused bits or trailing characters are 401', async () => {
      const jwt = key.slice('lsk_live_'.length);
      const [h, p, s] = jwt.split('.') as [string, string, string];
      // A 64-byte signature is 86 characters: the last one carries 2 bits and 4 unused ones.
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      const last = alphabet.indexOf(s[s.length - 1]!);
      const otherBits = s.slice(0, -1) + alphabet[last ^ 1];
      expect(Buffer.from(otherBits, 'base64url')).toEqual(Buffer.from(s, 'base64url'));
      expect((await withAuth(`Bearer ${key}`)).status).toBe(200);
      expect((await withAuth(`bearer  ${key}`)).status).toBe(200);
      for (const authorization of [
        `Bearer lsk_live_${h}.${p}.${s}==`,
        `Bearer lsk_live_${h}.${p}.${s}=`,
        `Bearer lsk_live_${h}.${p}=.${s}`,
        `Bearer lsk_live_${h}.${p}.${otherBits}`,
        `Bearer lsk_live_${h}.${p}.${s}\u00a0`,
        `Bearer\u00a0${key}`,
        // The standard alphabet's spelling differs only when the signature has a - or _ (about 15 keys in 16).
        ...(/[-_]/.test(s) ? [`Bearer lsk_live_${h}.${p}.${s.replace(/-/g, '+').replace(/_/g, '/')}`] : []),
      ]) {
        const res = await withAuth(authorization);
        expect(res.body?.error?.code, authorization.slice(-12)).toBe('invalid_api_key');
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
});
