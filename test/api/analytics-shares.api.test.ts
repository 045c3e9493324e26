/**
 * Shared read-only analytics on a real server, on both stores (docs/adr/0215): shares made, listed
 * and revoked over REST and GraphQL with the scopes and errors of the contract, and read without any
 * credentials through sharedAnalytics alone, within the share, limited per client address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsShareListSchema, analyticsShareSchema } from '../../src/domain/share-schemas.js';
import { cliLines } from '../support/cli-in-process.js';
import { client, type Lsk, STORES, startLsk, visit } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';
import { BIG_PLAN, expectError } from './_assert.js';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const ANON_RPM = 40;
const SHARED = `query Shared($token: String!, $group_by: AnalyticsGroupBy, $filter: ClickFilter) {
  sharedAnalytics(token: $token, group_by: $group_by, filter: $filter) { kind label expires_at analytics { group_by total { clicks } data { key clicks } } }
}`;
const tokenOf = (url: string) => url.split('/share/')[1]!;
let address = 0;
/** A new client address (the server trusts one proxy hop): each case its own anonymous allowance. */
const freshAddress = () => `198.51.100.${++address}`;

describe.each(STORES)('analytics shares on %s', (store) => {
  let lsk: Lsk;
  let api: ReturnType<typeof client>;
  let spring: { id: string };
  let quiet: { id: string };
  /** An anonymous GraphQL call from one address. */
  const anon = (from: string) => (query: string, variables: object) => client(lsk.base)('POST', '/graphql', { query, variables }, { 'x-forwarded-for': from });

  beforeAll(async () => {
    lsk = await startLsk(store, { env: { LSK_ANON_GRAPHQL_RPM: String(ANON_RPM), LSK_TRUST_PROXY: '1' } });
    api = client(lsk.base, await lsk.workspace('sharing', BIG_PLAN));
    spring = (await api('POST', '/v1/links', { destination: 'https://example.com/a', alias: 'spring', tags: ['Campaign'] })).body;
    quiet = (await api('POST', '/v1/links', { destination: 'https://example.com/b', alias: 'quiet', tags: ['calm'] })).body;
    const host = `localhost:${lsk.port}`;
    for (const path of ['/spring', '/spring', '/quiet']) await visit(lsk.base, path, { host, 'user-agent': CHROME });
    await waitFor(
      () => api('GET', '/v1/analytics'),
      (r) => r.body?.total?.clicks === 3,
    );
  }, 90_000);
  afterAll(async () => {
    await lsk?.stop();
  });

  it('makes a share over REST (the URL once), lists it without it, reads it anonymously, revokes it (204), then not_found', async () => {
    const made = await api('POST', '/v1/analytics/shares', { link_id: spring.id });
    expect(made.status, made.text).toBe(201);
    expect(analyticsShareSchema.parse(made.body)).toBeTruthy();
    expect(made.headers.get('location')).toBe(`/v1/analytics/shares/${made.body.id}`);
    expect(made.body.url).toMatch(/\/dashboard\/share\/[0-9A-Za-z]{24}$/);
    expect(made.body).toMatchObject({ link_id: spring.id, tag: null, domain: null, expires_at: null, created_by: { type: 'key' } });
    const listed = await api('GET', '/v1/analytics/shares');
    expect(analyticsShareListSchema.parse(listed.body)).toBeTruthy();
    expect(listed.body.data.find((s: { id: string }) => s.id === made.body.id)).toMatchObject({ url: null, link_id: spring.id });
    const read = anon(freshAddress());
    const r = await read(SHARED, { token: tokenOf(made.body.url), group_by: 'links' });
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.sharedAnalytics).toMatchObject({ kind: 'link', label: `http://localhost:${lsk.port}/spring`, expires_at: null });
    expect(r.body.data.sharedAnalytics.analytics).toEqual({ group_by: 'links', total: { clicks: 2 }, data: [{ key: spring.id, clicks: 2 }] });
    // A filter naming another link reads nothing (never widens the share, never answers 404 for it).
    const other = await read(SHARED, { token: tokenOf(made.body.url), filter: { link_id: { in: [quiet.id] } } });
    expect(other.body.data.sharedAnalytics.analytics.total.clicks).toBe(0);
    const gone = await api('DELETE', `/v1/analytics/shares/${made.body.id}`);
    expect(gone.status).toBe(204);
    expectError(await api('DELETE', `/v1/analytics/shares/${made.body.id}`), 404, 'not_found');
    const dead = await read(SHARED, { token: tokenOf(made.body.url) });
    expect(dead.body.data.sharedAnalytics).toBeNull();
    expect(dead.body.errors.map((e: { extensions: { code: string } }) => e.extensions.code)).toEqual(['not_found']);
    const unknown = await read(SHARED, { token: 'A'.repeat(24) });
    expect(unknown.body.errors[0].message).toBe(dead.body.errors[0].message);
  });

  it('makes, lists and revokes through GraphQL; a tag share reads its tag only', async () => {
    const made = await api('POST', '/graphql', {
      query: 'mutation { createAnalyticsShare(tag: "campaign", expires_at: "2099-01-01T00:00:00Z") { id url tag expires_at } }',
    });
    expect(made.body.errors, made.text).toBeUndefined();
    const share = made.body.data.createAnalyticsShare;
    expect(share).toMatchObject({ tag: 'Campaign', expires_at: '2099-01-01T00:00:00.000Z' });
    const r = await anon(freshAddress())(SHARED, { token: tokenOf(share.url), group_by: 'tags' });
    expect(r.body.data.sharedAnalytics).toMatchObject({ kind: 'tag', label: 'Campaign' });
    expect(r.body.data.sharedAnalytics.analytics.data).toEqual([{ key: 'Campaign', clicks: 2 }]);
    const list = await api('POST', '/graphql', { query: '{ analyticsShares(limit: 100) { data { id url tag created_by { type } } next_cursor } }' });
    expect(list.body.data.analyticsShares.data.find((s: { id: string }) => s.id === share.id)).toEqual({
      id: share.id,
      url: null,
      tag: 'Campaign',
      created_by: { type: 'key' },
    });
    const del = await api('POST', '/graphql', { query: `mutation { deleteAnalyticsShare(id: "${share.id}") }` });
    expect(del.body.data.deleteAnalyticsShare).toBe(true);
  });

  it('refuses bad input with the contract errors and changes nothing', async () => {
    const count = async () => (await api('GET', '/v1/analytics/shares?limit=100')).body.data.length;
    const before = await count();
    expectError(await api('POST', '/v1/analytics/shares', { tag: 'Campaign', domain: `localhost:${lsk.port}` }), 400, 'validation_failed', {
      paths: ['domain'],
    });
    expectError(await api('POST', '/v1/analytics/shares', { expires_at: '2020-01-01T00:00:00Z' }), 400, 'validation_failed', { paths: ['expires_at'] });
    expectError(await api('POST', '/v1/analytics/shares', { expires_at: 'tomorrow' }), 400, 'validation_failed', { paths: ['expires_at'] });
    expectError(await api('POST', '/v1/analytics/shares', { link_id: spring.id, extra: 1 }), 400, 'validation_failed', { paths: ['extra'] });
    expectError(await api('POST', '/v1/analytics/shares', { link_id: 'lnk_nope' }), 404, 'not_found');
    expectError(await api('POST', '/v1/analytics/shares', { tag: 'no-such-tag' }), 404, 'not_found');
    expectError(await api('POST', '/v1/analytics/shares', { domain: 'not-ours.example' }), 404, 'not_found');
    expectError(await api('GET', '/v1/analytics/shares?limit=0'), 400, 'validation_failed', { paths: ['limit'] });
    expectError(await api('GET', '/v1/analytics/shares?cursor=%21%21'), 400, 'invalid_cursor');
    expectError(await api('DELETE', '/v1/analytics/shares/shr_nope'), 404, 'not_found');
    expect(await count()).toBe(before);
  });

  it('needs analytics:read to list, and links:write too to make or revoke; another workspace never sees or revokes a share', async () => {
    const keyWith = async (scopes: string) => {
      return client(lsk.base, (await cliLines(['key', 'create', '--workspace', 'sharing', '--name', scopes, '--scopes', scopes], lsk.env)).at(-1)!);
    };
    const reader = await keyWith('analytics:read');
    const writer = await keyWith('links:write');
    const both = await keyWith('analytics:read,links:write');
    expect((await reader('GET', '/v1/analytics/shares')).status).toBe(200);
    expectError(await writer('GET', '/v1/analytics/shares'), 403, 'insufficient_scope');
    const refused = await reader('POST', '/v1/analytics/shares', {});
    expectError(refused, 403, 'insufficient_scope');
    expect(refused.body.error.message).toContain('"links:write"');
    expectError(await writer('POST', '/v1/analytics/shares', {}), 403, 'insufficient_scope');
    const made = await both('POST', '/v1/analytics/shares');
    expect(made.status, made.text).toBe(201);
    expectError(await reader('DELETE', `/v1/analytics/shares/${made.body.id}`), 403, 'insufficient_scope');
    const stranger = client(lsk.base, await lsk.workspace('stranger', BIG_PLAN));
    expect((await stranger('GET', '/v1/analytics/shares')).body.data).toEqual([]);
    expectError(await stranger('DELETE', `/v1/analytics/shares/${made.body.id}`), 404, 'not_found');
    // Anonymous: no REST route, no other GraphQL field.
    expectError(await client(lsk.base)('GET', '/v1/analytics/shares'), 401, 'unauthorized');
    const noKey = await anon(freshAddress())('{ analytics { total { clicks } } }', {});
    expect(noKey.body.errors[0].extensions.code).toBe('unauthorized');
    const whole = await anon(freshAddress())(SHARED, { token: tokenOf(made.body.url) });
    expect(whole.body.data.sharedAnalytics).toMatchObject({ kind: 'workspace', label: 'sharing', analytics: { total: { clicks: 3 } } });
    expect((await both('DELETE', `/v1/analytics/shares/${made.body.id}`)).status).toBe(204);
  });

  it('limits anonymous reads per client address (429), another address unaffected', async () => {
    const made = await api('POST', '/v1/analytics/shares', {});
    const token = tokenOf(made.body.url);
    const from = anon(freshAddress());
    let last = await from(SHARED, { token });
    for (let i = 1; i < ANON_RPM && !last.body.errors; i++) last = await from(SHARED, { token });
    expect(last.body.errors).toBeUndefined();
    const over = await from(SHARED, { token });
    expect(over.status).toBe(429);
    expect(over.body.errors[0].extensions.code).toBe('rate_limited');
    const elsewhere = await anon(freshAddress())(SHARED, { token });
    expect(elsewhere.body.data.sharedAnalytics.analytics.total.clicks).toBe(3);
    // Aliases do not multiply one request of the allowance: one public read per operation (400 query_too_complex, nothing run).
    const twice = await anon(freshAddress())(
      'query T($token: String!) { a: sharedAnalytics(token: $token) { kind } b: sharedAnalytics(token: $token) { kind } }',
      { token },
    );
    expect(twice.status).toBe(400);
    expect(twice.body.data).toBeUndefined();
    expect(twice.body.errors.map((e: { extensions: { code: string } }) => e.extensions.code)).toEqual(['query_too_complex']);
  });
});
