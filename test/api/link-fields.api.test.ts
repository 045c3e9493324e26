import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, STORES, startLsk, visit } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';
import { allLinks, BIG_PLAN, createLink, expectError, expectLinkShape, graphql, ISO_TIME, NO_BEHAVIOUR } from './_assert.js';

const HOUR = 3_600_000;
const future = (ms: number) => new Date(Date.now() + ms).toISOString();

describe.each(STORES)('link fields (title, external_id, expiry, cap, password, devices, status) on %s', (store) => {
  const dir = mkdtempSync(join(tmpdir(), 'lsk-fields-'));
  const clockFile = join(dir, 'offset-ms');
  const moveTo = (offsetMs: number) => writeFileSync(clockFile, String(offsetMs));
  let lsk: Lsk;
  let api: ReturnType<typeof client>;
  let other: ReturnType<typeof client>;
  let key: string;
  let host: string;

  beforeAll(async () => {
    moveTo(0);
    lsk = await startLsk(store, { env: { LSK_TEST_CLOCK_FILE: clockFile } });
    key = await lsk.workspace('fields', BIG_PLAN);
    api = client(lsk.base, key);
    other = client(lsk.base, await lsk.workspace('fields-other', BIG_PLAN));
    host = `localhost:${lsk.port}`;
  });
  afterAll(async () => {
    await lsk?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates a link with every new field and returns them (the password only as password_protected)', async () => {
    const expires = new Date(Date.now() + 48 * HOUR);
    const body = {
      destination: 'https://example.com/app',
      title: '  Spring sale  ',
      external_id: 'crm-0001',
      expires_at: expires.toISOString().replace('Z', '+00:00'),
      expired_url: 'https://example.com/over',
      max_clicks: 5,
      password: 'open sesame',
      device_targeting: { ios: 'https://apps.apple.com/app/id1', android: 'https://play.google.com/store/apps/details?id=x' },
    };
    const link = await createLink(api, body);
    expectLinkShape(link);
    expect(link).toMatchObject({
      title: 'Spring sale',
      external_id: 'crm-0001',
      expires_at: expires.toISOString(),
      expired_url: 'https://example.com/over',
      max_clicks: 5,
      password_protected: true,
      device_targeting: body.device_targeting,
      status: 'active',
    });
    expect(link.expires_at).toMatch(ISO_TIME);
    expect(JSON.stringify(link)).not.toContain('open sesame');
    expect('password' in link).toBe(false);
    const plain = await createLink(api, { destination: 'https://example.com/plain' });
    expect(plain).toMatchObject(NO_BEHAVIOUR);
  });

  it('accepts ext_<external_id> (URL-encoded) wherever a link id is taken: REST paths and GraphQL link(id)', async () => {
    const link = await createLink(api, { destination: 'https://example.com/ext', external_id: 'order/42 #1'.replace(' ', '_') });
    const path = `/v1/links/ext_${encodeURIComponent('order/42_#1')}`;
    expect((await api('GET', path)).body).toEqual(link);
    const patched = await api('PATCH', path, { title: 'Order 42' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: link.id, title: 'Order 42' });
    expect((await api('GET', `${path}/stats`)).body.link_id).toBe(link.id);
    const gql = graphql(lsk.base, key);
    const r = await gql('query($id: ID!) { link(id: $id) { id external_id title } }', { id: 'ext_order/42_#1' });
    expect(r.body.data.link).toEqual({ id: link.id, external_id: 'order/42_#1', title: 'Order 42' });
    // Another workspace's external id is not found, and an unknown one is 404.
    expectError(await other('GET', path), 404, 'not_found');
    expectError(await api('GET', '/v1/links/ext_nope'), 404, 'not_found');
    expect((await api('DELETE', path)).status).toBe(204);
    expectError(await api('GET', `/v1/links/${link.id}`), 404, 'not_found');
  });

  it('keeps external_id unique per workspace: 409 external_id_taken, nothing changed; other workspaces may reuse it', async () => {
    const first = await createLink(api, { destination: 'https://example.com/one', external_id: 'dup-1' });
    expectError(await api('POST', '/v1/links', { destination: 'https://example.com/two', external_id: 'dup-1' }), 409, 'external_id_taken', {
      paths: ['external_id'],
    });
    expect(await allLinks(api, 'q=example.com/two')).toEqual([]);
    const second = await createLink(api, { destination: 'https://example.com/two', external_id: 'dup-2' });
    expectError(await api('PATCH', `/v1/links/${second.id}`, { external_id: 'dup-1' }), 409, 'external_id_taken', { paths: ['external_id'] });
    expect((await api('GET', `/v1/links/${second.id}`)).body.external_id).toBe('dup-2');
    await createLink(other, { destination: 'https://example.com/elsewhere', external_id: 'dup-1' });
    // Cleared, the id is free again.
    expect((await api('PATCH', `/v1/links/${first.id}`, { external_id: null })).body.external_id).toBeNull();
    expect((await api('PATCH', `/v1/links/${second.id}`, { external_id: 'dup-1' })).body.external_id).toBe('dup-1');
  });

  it('clears each field with null and removes a password', async () => {
    const link = await createLink(api, {
      destination: 'https://example.com/clear',
      title: 'T',
      expires_at: future(HOUR),
      expired_url: 'https://example.com/x',
      max_clicks: 3,
      password: 'secret',
      device_targeting: { ios: 'https://apps.apple.com/' },
    });
    const cleared = await api('PATCH', `/v1/links/${link.id}`, {
      title: null,
      expires_at: null,
      expired_url: null,
      max_clicks: null,
      password: null,
      device_targeting: null,
    });
    expect(cleared.body).toMatchObject({ title: null, expires_at: null, expired_url: null, max_clicks: null, password_protected: false, device_targeting: {} });
    expect((await api('PATCH', `/v1/links/${link.id}`, { device_targeting: {} })).body.device_targeting).toEqual({});
  });

  it.each([
    [{ expires_at: '2020-01-01T00:00:00Z' }, 'expires_at', 'must lie in the future'],
    [{ expires_at: '2030-01-01' }, 'expires_at', undefined],
    [{ external_id: 'has space' }, 'external_id', 'must be printable ASCII characters without spaces'],
    [{ external_id: 'x'.repeat(256) }, 'external_id', 'must be at most 255 characters'],
    [{ max_clicks: 0 }, 'max_clicks', 'must be at least 1'],
    [{ max_clicks: 2_147_483_648 }, 'max_clicks', undefined],
    [{ password: 'abc' }, 'password', 'must be at least 4 characters'],
    [{ password: 'p'.repeat(129) }, 'password', 'must be at most 128 characters'],
    [{ title: '   ' }, 'title', 'must not be empty'],
    [{ expired_url: 'javascript:alert(1)' }, 'expired_url', undefined],
    [{ device_targeting: { windows: 'https://example.com/' } }, 'device_targeting.windows', 'is not a device; use ios or android'],
    [{ device_targeting: { ios: 'ftp://example.com/' } }, 'device_targeting.ios', undefined],
  ])('refuses %j with 400 validation_failed naming the field', async (fields, path, message) => {
    const res = await api('POST', '/v1/links', { destination: 'https://example.com/bad', ...fields });
    expectError(res, 400, 'validation_failed', { paths: [path] });
    if (message) expect(res.body.error.details).toContainEqual({ path, message });
  });

  it('filters lists by external_id and status (expired on the server clock, exhausted by clicks)', async () => {
    const ws = client(lsk.base, await lsk.workspace('filters', BIG_PLAN));
    const soon = await createLink(ws, { destination: 'https://example.com/soon', expires_at: future(HOUR), external_id: 'soon' });
    const capped = await createLink(ws, { destination: 'https://example.com/capped', max_clicks: 1, alias: `capped-${store}` });
    const open = await createLink(ws, { destination: 'https://example.com/open' });
    const ids = async (q: string) => (await allLinks(ws, q)).map((l) => l.id).sort();
    expect(await ids('external_id=soon')).toEqual([soon.id]);
    expect(await ids('status=expired')).toEqual([]);
    expect(await ids('status=active')).toEqual([soon.id, capped.id, open.id].sort());
    expect((await visit(lsk.base, `/capped-${store}`, { host, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0' })).status).toBe(302);
    // The click reaches the stored total within a flush (about a second).
    await waitFor(
      () => ws('GET', `/v1/links/${capped.id}`),
      (r) => r.body.status === 'exhausted',
      { timeout: 10_000, interval: 200 },
    );
    expect((await ws('GET', `/v1/links/${capped.id}`)).body).toMatchObject({ clicks: 1, status: 'exhausted' });
    expect(await ids('status=exhausted')).toEqual([capped.id]);
    moveTo(2 * HOUR);
    try {
      expect((await ws('GET', `/v1/links/${soon.id}`)).body.status).toBe('expired');
      expect(await ids('status=expired')).toEqual([soon.id]);
      expect(await ids('status=active')).toEqual([open.id]);
      expect(await ids('status=expired&external_id=soon')).toEqual([soon.id]);
    } finally {
      moveTo(0);
    }
    expectError(await ws('GET', '/v1/links?status=gone'), 400, 'validation_failed', { paths: ['status'] });
  });

  it('sets and reads every field through GraphQL (flat arguments, inline device_targeting literal)', async () => {
    const gql = graphql(lsk.base, key);
    const r = await gql(
      `mutation { createLink(destination: "https://example.com/g", title: "G", external_id: "gql-1", max_clicks: 9, password: "pass1",
        device_targeting: { android: "https://play.google.com/" }) { id title external_id max_clicks password_protected device_targeting status expires_at } }`,
    );
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.createLink).toMatchObject({
      title: 'G',
      external_id: 'gql-1',
      max_clicks: 9,
      password_protected: true,
      device_targeting: { android: 'https://play.google.com/' },
      status: 'active',
      expires_at: null,
    });
    const list = await gql('{ links(external_id: "gql-1", status: active) { data { id } } }');
    expect(list.body.data.links.data).toEqual([{ id: r.body.data.createLink.id }]);
    const dup = await gql('mutation { createLink(destination: "https://example.com/g2", external_id: "gql-1") { id } }');
    expect(dup.body.errors[0].extensions.code).toBe('external_id_taken');
  });
});
