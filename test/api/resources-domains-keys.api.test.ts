/** Domains, API keys and the workspace over REST. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';
import { BIG_PLAN, createLink, expectError, ISO_TIME, KEY_ID, keyIdOf, WSP_ID } from './_assert.js';

type Api = ReturnType<typeof client>;
const D = 'https://example.com/';

describe.each(STORES)('tags, domains, keys and the workspace over REST on %s', (store) => {
  let lsk: Lsk;

  beforeAll(async () => {
    lsk = await startLsk(store);
  });
  afterAll(async () => {
    if (lsk && lsk.proc.exitCode !== null) console.log(lsk.output().slice(-5000));
    await lsk?.stop();
  });

  describe('domains', () => {
    let api: Api;

    beforeAll(async () => {
      api = client(lsk.base, await lsk.workspace('domains', BIG_PLAN));
    });

    it('adds a domain with 201 {host, created_at, its settings unset} and lists it as {data}', async () => {
      expect((await api('GET', '/v1/domains')).body).toEqual({ data: [] });
      const res = await api('POST', '/v1/domains', { host: 'go.example.com' });
      expect(res.status, res.text).toBe(201);
      expect(res.body).toEqual({
        host: 'go.example.com',
        created_at: expect.stringMatching(ISO_TIME),
        ...{ root_url: null, not_found_url: null, expired_url: null, crawlable: false, apple_app_site_association: null, assetlinks: null },
      });
      expect((await api('GET', '/v1/domains')).body).toEqual({ data: [res.body] });
    });

    it('stores host names lower-cased and IDNs as punycode', async () => {
      const upper = await api('POST', '/v1/domains', { host: 'Links.EXAMPLE.org' });
      expect(upper.status).toBe(201);
      expect(upper.body.host).toBe('links.example.org');
      const idn = await api('POST', '/v1/domains', { host: 'münchen.example' });
      expect(idn.status).toBe(201);
      expect(idn.body.host).toBe('xn--mnchen-3ya.example');
      const hosts = (await api('GET', '/v1/domains')).body.data.map((d: { host: string }) => d.host).sort();
      expect(hosts).toEqual(['go.example.com', 'links.example.org', 'xn--mnchen-3ya.example']);
      // The same host in another spelling is already there.
      expectError(await api('POST', '/v1/domains', { host: 'MÜNCHEN.example' }), 409, 'domain_taken', { paths: ['host'] });
      expectError(await api('POST', '/v1/domains', { host: 'xn--mnchen-3ya.example' }), 409, 'domain_taken', { paths: ['host'] });
    });

    it("refuses the service's default domain here, localhost:PORT, as the loopback name it is (400; see domains-reserved)", async () => {
      expectError(await api('POST', '/v1/domains', { host: `localhost:${lsk.port}` }), 400, 'validation_failed', { paths: ['host'] });
    });

    it.each([
      ['a scheme', 'https://x.example.com'],
      ['a path', 'x.example.com/path'],
      ['a port', 'x.example.com:8443'],
      ['an empty label', 'x..example.com'],
      ['a leading hyphen', '-x.example.com'],
      ['a space', 'x example.com'],
      ['an underscore', 'x_y.example.com'],
      ['nothing', ''],
      ['a user part', 'user@x.example.com'],
      ['a label over 63 characters', `${'a'.repeat(64)}.example.com`],
    ])('refuses a host with %s (400, path host)', async (_what, host) => {
      expectError(await api('POST', '/v1/domains', { host }), 400, 'validation_failed', { paths: ['host'] });
    });

    it('refuses a body without host, with an unknown field, or with a non-string host', async () => {
      expectError(await api('POST', '/v1/domains', {}), 400, 'validation_failed', { paths: ['host'] });
      expectError(await api('POST', '/v1/domains', { host: 'ok.example.com', verified: true }), 400, 'validation_failed', { paths: ['verified'] });
      expectError(await api('POST', '/v1/domains', { host: 42 }), 400, 'validation_failed', { paths: ['host'] });
      expect((await api('GET', '/v1/domains')).body.data.map((d: { host: string }) => d.host)).not.toContain('ok.example.com');
    });

    it('deletes a domain with 204 and an empty body; then 404', async () => {
      expect((await api('POST', '/v1/domains', { host: 'gone.example.com' })).status).toBe(201);
      const res = await api('DELETE', '/v1/domains/gone.example.com');
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect((await api('GET', '/v1/domains')).body.data.map((d: { host: string }) => d.host)).not.toContain('gone.example.com');
      expectError(await api('DELETE', '/v1/domains/gone.example.com'), 404, 'not_found');
      expectError(await api('DELETE', '/v1/domains/never.example.com'), 404, 'not_found');
      // Links can no longer be created on it.
      expectError(await api('POST', '/v1/links', { destination: D, domain: 'gone.example.com' }), 400, 'validation_failed', { paths: ['domain'] });
    });

    it('deletes a domain named in upper case or in Unicode in the path', async () => {
      const res = await api('DELETE', '/v1/domains/LINKS.example.ORG');
      expect(res.status, res.text).toBe(204);
      const idn = await api('DELETE', `/v1/domains/${encodeURIComponent('münchen.example')}`);
      expect(idn.status, idn.text).toBe(204);
      expect((await api('GET', '/v1/domains')).body.data.map((d: { host: string }) => d.host)).toEqual(['go.example.com']);
    });

    it('refuses to delete a domain that links still use (400), and allows it once they are gone', async () => {
      const link = await createLink(api, { destination: D, domain: 'go.example.com', alias: 'busy' });
      expectError(await api('DELETE', '/v1/domains/go.example.com'), 400, 'validation_failed', { paths: ['host'] });
      expect((await api('GET', '/v1/domains')).body.data.map((d: { host: string }) => d.host)).toEqual(['go.example.com']);
      expect((await api('GET', `/v1/links/${link.id}`)).body).toEqual(link);
      expect((await api('DELETE', `/v1/links/${link.id}`)).status).toBe(204);
      expect((await api('DELETE', '/v1/domains/go.example.com')).status).toBe(204);
      expect((await api('GET', '/v1/domains')).body).toEqual({ data: [] });
    });

    it('lets another workspace add a host once its owner has deleted it', async () => {
      const other = client(lsk.base, await lsk.workspace('domains-2', BIG_PLAN));
      expect((await api('POST', '/v1/domains', { host: 'handover.example.com' })).status).toBe(201);
      expectError(await other('POST', '/v1/domains', { host: 'handover.example.com' }), 409, 'domain_taken', { paths: ['host'] });
      expect((await api('DELETE', '/v1/domains/handover.example.com')).status).toBe(204);
      expect((await other('POST', '/v1/domains', { host: 'handover.example.com' })).status).toBe(201);
      expect((await createLink(other, { destination: D, domain: 'handover.example.com' })).domain).toBe('handover.example.com');
    });
  });

  describe('API keys', () => {
    let api: Api;
    let cliKey: string;
    const KEY_FIELDS = ['created_at', 'domains', 'expires_at', 'id', 'last_used_at', 'name', 'revoked_at', 'scopes', 'tags'];

    beforeAll(async () => {
      cliKey = await lsk.workspace('keys', BIG_PLAN);
      api = client(lsk.base, cliKey);
    });

    it('lists keys as {data} with their metadata and never a secret', async () => {
      const res = await api('GET', '/v1/keys');
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['data']);
      expect(res.body.data).toHaveLength(1);
      const k = res.body.data[0];
      expect(Object.keys(k).sort()).toEqual(KEY_FIELDS);
      expect(k.id).toBe(keyIdOf(cliKey));
      expect(k.id).toMatch(KEY_ID);
      expect(k.created_at).toMatch(ISO_TIME);
      expect(k.expires_at).toMatch(ISO_TIME);
      expect(k.revoked_at).toBeNull();
      expect(res.text).not.toContain('lsk_live_');
      expect(res.text).not.toContain(cliKey.slice('lsk_live_'.length).split('.')[2]);
    });

    it('creates a key with 201 and its lsk_live_ secret shown once; the new key works at once', async () => {
      const res = await api('POST', '/v1/keys', { name: 'ci' });
      expect(res.status, res.text).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual([...KEY_FIELDS, 'key'].sort());
      expect(res.body).toMatchObject({ name: 'ci', last_used_at: null, revoked_at: null });
      expect(res.body.key).toMatch(/^lsk_live_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
      expect(keyIdOf(res.body.key)).toBe(res.body.id);
      // Keys live 90 days by default.
      expect(Date.parse(res.body.expires_at) - Date.parse(res.body.created_at)).toBe(90 * 86_400_000);
      const fresh = client(lsk.base, res.body.key);
      const ws = await fresh('GET', '/v1/workspace');
      expect(ws.status).toBe(200);
      expect(ws.body.slug).toBe('keys');
      const listed = (await api('GET', '/v1/keys')).body;
      expect(listed.data.map((k: { id: string }) => k.id).sort()).toEqual([keyIdOf(cliKey), res.body.id].sort());
      expect(JSON.stringify(listed)).not.toContain('lsk_live_');
      const again = listed.data.find((k: { id: string }) => k.id === res.body.id);
      expect(Object.keys(again).sort()).toEqual(KEY_FIELDS);
    });

    it('names a key "default" when no name is given, and trims names', async () => {
      const res = await api('POST', '/v1/keys', {});
      expect(res.status).toBe(201);
      expect(res.body.name).toBe('default');
      const trimmed = await api('POST', '/v1/keys', { name: '  deploy bot  ' });
      expect(trimmed.body.name).toBe('deploy bot');
    });

    it('refuses bad key names and unknown fields with 400', async () => {
      // A workspace of its own: key creation has a per-minute budget of its own.
      const ws = client(lsk.base, await lsk.workspace('keys-bad', BIG_PLAN));
      expectError(await ws('POST', '/v1/keys', { name: '' }), 400, 'validation_failed', { paths: ['name'] });
      expectError(await ws('POST', '/v1/keys', { name: 'n'.repeat(65) }), 400, 'validation_failed', { paths: ['name'] });
      expectError(await ws('POST', '/v1/keys', { name: 7 }), 400, 'validation_failed', { paths: ['name'] });
      expectError(await ws('POST', '/v1/keys', { name: 'x', expires_at: '2030-01-01T00:00:00.000Z' }), 400, 'validation_failed', { paths: ['expires_at'] });
      expect((await ws('GET', '/v1/keys')).body.data).toHaveLength(1);
    });

    it('shows last_used_at once a key has been used', async () => {
      const created = await api('POST', '/v1/keys', { name: 'used-later' });
      const find = async () => (await api('GET', '/v1/keys')).body.data.find((k: { id: string }) => k.id === created.body.id);
      expect((await find()).last_used_at).toBeNull();
      const t0 = Date.now();
      expect((await client(lsk.base, created.body.key)('GET', '/v1/workspace')).status).toBe(200);
      const used = await find();
      expect(used.last_used_at).toMatch(ISO_TIME);
      expect(Math.abs(Date.parse(used.last_used_at) - t0)).toBeLessThan(10_000);
      // The caller's own key is in use too.
      const mine = (await api('GET', '/v1/keys')).body.data.find((k: { id: string }) => k.id === keyIdOf(cliKey));
      expect(mine.last_used_at).toMatch(ISO_TIME);
    });

    it('revokes a key with 204 and an empty body; the key then gets 401 key_revoked and shows revoked_at', async () => {
      const created = await api('POST', '/v1/keys', { name: 'to-revoke' });
      const victim = client(lsk.base, created.body.key);
      expect((await victim('GET', '/v1/links')).status).toBe(200);
      const res = await api('DELETE', `/v1/keys/${created.body.id}`);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expectError(await victim('GET', '/v1/links'), 401, 'key_revoked');
      expectError(await victim('GET', '/v1/workspace'), 401, 'key_revoked');
      const listed = (await api('GET', '/v1/keys')).body.data.find((k: { id: string }) => k.id === created.body.id);
      expect(listed.revoked_at).toMatch(ISO_TIME);
      expect((await api('GET', '/v1/workspace')).status).toBe(200);
      expectError(await api('DELETE', '/v1/keys/key_unknown00000000000'), 404, 'not_found');
    });

    it('lets a key revoke itself: its next request is key_revoked', async () => {
      const created = await api('POST', '/v1/keys', { name: 'self' });
      const self = client(lsk.base, created.body.key);
      expect((await self('DELETE', `/v1/keys/${created.body.id}`)).status).toBe(204);
      expectError(await self('GET', '/v1/keys'), 401, 'key_revoked');
    });
  });

  describe('the workspace', () => {
    it.each([
      ['standard', [], 'standard', 100],
      ['advanced', ['--plan', 'advanced'], 'advanced', 500],
      ['custom', ['--rpm', '1234'], 'custom', 1234],
    ] as [string, string[], string, number][])(
      'answers GET /v1/workspace with id, slug, plan, rate_limit_rpm and require_2fa (%s plan)',
      async (slug, args, plan, rpm) => {
        const api = client(lsk.base, await lsk.workspace(`ws-${slug}`, args));
        const res = await api('GET', '/v1/workspace');
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ id: expect.stringMatching(WSP_ID), slug: `ws-${slug}`, plan, rate_limit_rpm: rpm, require_2fa: false });
        expect(res.headers.get('ratelimit-limit')).toBe(String(rpm));
        expect(res.headers.get('ratelimit-policy')).toBe(`${rpm};w=60`);
        // The key's wsp claim is this workspace.
        const keys = (await api('GET', '/v1/keys')).body.data;
        expect(keys).toHaveLength(1);
      },
    );

    it('follows a plan change made with the CLI', async () => {
      const api = client(lsk.base, await lsk.workspace('ws-change'));
      expect((await api('GET', '/v1/workspace')).body.plan).toBe('standard');
      expect((await lsk.cli(['workspace', 'set-plan', 'ws-change', '--plan', 'advanced'])).code).toBe(0);
      const { body } = await waitFor(
        () => api('GET', '/v1/workspace'),
        (r) => r.body.plan === 'advanced',
        { timeout: 8000, interval: 200 },
      );
      expect(body).toMatchObject({ plan: 'advanced', rate_limit_rpm: 500 });
    });
  });
});
