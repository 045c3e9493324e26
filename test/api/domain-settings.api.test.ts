/** Domain settings (PATCH /v1/domains/{host}, updateDomain) served per Host, on both stores. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, STORES, startLsk, visit } from '../support/server.js';
import { BIG_PLAN, createLink, expectError, graphql } from './_assert.js';
import { expectGqlError } from './_graphql.js';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const AASA = { applinks: { details: [{ appIDs: ['ABCDE12345.com.example.app'], components: [{ '/': '/app/*' }] }] } };
const ASSETLINKS = [{ relation: ['delegate_permission/common.handle_all_urls'], target: { namespace: 'android_app', package_name: 'com.example.app' } }];

describe.each(STORES)('domain settings on %s', (store) => {
  let lsk: Lsk;
  let api: ReturnType<typeof client>;
  let key: string;
  const go = (host: string, path: string, headers: Record<string, string> = {}) => visit(lsk.base, path, { host, 'user-agent': CHROME, ...headers });

  beforeAll(async () => {
    lsk = await startLsk(store, { env: { LSK_ROOT_URL: 'https://service.example/' } });
    key = await lsk.workspace('sites', BIG_PLAN);
    api = client(lsk.base, key);
    expect((await api('POST', '/v1/domains', { host: 'go.example.com' })).status).toBe(201);
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  it('starts with the defaults: / to LSK_ROOT_URL, 404 for unknown aliases, robots.txt disallowing all, noindex on redirects, no app files', async () => {
    const d = (await api('GET', '/v1/domains')).body.data[0];
    expect(d).toMatchObject({
      host: 'go.example.com',
      root_url: null,
      not_found_url: null,
      expired_url: null,
      crawlable: false,
      apple_app_site_association: null,
      assetlinks: null,
    });
    expect((await go('go.example.com', '/')).location).toBe('https://service.example/');
    expect((await go('go.example.com', '/nope')).status).toBe(404);
    const robots = await go('go.example.com', '/robots.txt');
    expect(robots).toMatchObject({ status: 200, body: 'User-agent: *\nDisallow: /\n' });
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect((await go('go.example.com', '/.well-known/apple-app-site-association')).status).toBe(404);
    await createLink(api, { domain: 'go.example.com', alias: 'plain', destination: 'https://example.com/' });
    expect((await go('go.example.com', '/plain')).headers['x-robots-tag']).toBe('noindex');
  });

  it('serves what PATCH sets, per Host, at once; null restores each default', async () => {
    const res = await api('PATCH', '/v1/domains/go.example.com', {
      root_url: 'https://example.com/home',
      not_found_url: 'https://example.com/missing',
      expired_url: 'https://example.com/over',
      crawlable: true,
      apple_app_site_association: AASA,
      assetlinks: ASSETLINKS,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ host: 'go.example.com', crawlable: true, apple_app_site_association: AASA, assetlinks: ASSETLINKS });
    expect((await go('go.example.com', '/')).location).toBe('https://example.com/home');
    expect((await go('go.example.com', '/nope?x=1')).location).toBe('https://example.com/missing?x=1');
    expect((await go('go.example.com', '/nope', { accept: 'application/json' })).status).toBe(404);
    expect((await go('go.example.com', '/robots.txt')).body).toBe('User-agent: *\nDisallow:\n');
    const aasa = await go('go.example.com', '/.well-known/apple-app-site-association');
    expect(aasa.headers['content-type']).toBe('application/json');
    expect(JSON.parse(aasa.body)).toEqual(AASA);
    const links = await go('go.example.com', '/.well-known/assetlinks.json');
    expect(links.headers['content-type']).toBe('application/json');
    expect(JSON.parse(links.body)).toEqual(ASSETLINKS);
    expect((await go('go.example.com', '/plain')).headers['x-robots-tag']).toBeUndefined();
    // The default domain keeps the service's own settings.
    expect((await go(`localhost:${lsk.port}`, '/')).location).toBe('https://service.example/');
    expect((await go(`localhost:${lsk.port}`, '/robots.txt')).body).toBe('User-agent: *\nDisallow: /\n');
    // Links of the domain without an expired_url go to the domain's once expired.
    await createLink(api, { domain: 'go.example.com', alias: 'capped', destination: 'https://example.com/', max_clicks: 1 });
    expect((await go('go.example.com', '/capped')).location).toBe('https://example.com/');
    expect((await go('go.example.com', '/capped')).location).toBe('https://example.com/over');
    const back = await api('PATCH', '/v1/domains/go.example.com', { root_url: null, crawlable: null, apple_app_site_association: null });
    expect(back.body).toMatchObject({ root_url: null, crawlable: false, apple_app_site_association: null, assetlinks: ASSETLINKS });
    expect((await go('go.example.com', '/')).location).toBe('https://service.example/');
    expect((await go('go.example.com', '/.well-known/apple-app-site-association')).status).toBe(404);
    expect((await go('go.example.com', '/plain')).headers['x-robots-tag']).toBe('noindex');
  });

  it('refuses bad settings field by field, other workspaces and unknown domains (404), and works in GraphQL', async () => {
    const bad = await api('PATCH', '/v1/domains/go.example.com', {
      root_url: 'javascript:alert(1)',
      crawlable: 'yes',
      apple_app_site_association: [1],
      assetlinks: { a: 1 },
      colour: 'red',
    });
    expectError(bad, 400, 'validation_failed', { paths: ['root_url', 'crawlable', 'apple_app_site_association', 'assetlinks', 'colour'] });
    const other = client(lsk.base, await lsk.workspace('sites-other', BIG_PLAN));
    expectError(await other('PATCH', '/v1/domains/go.example.com', { crawlable: true }), 404, 'not_found');
    expectError(await api('PATCH', '/v1/domains/unknown.example.com', { crawlable: true }), 404, 'not_found');
    const gql = graphql(lsk.base, key);
    const ok = await gql('mutation { updateDomain(domain: "go.example.com", not_found_url: null, assetlinks: []) { host not_found_url assetlinks } }');
    expect(ok.body.data.updateDomain).toEqual({ host: 'go.example.com', not_found_url: null, assetlinks: [] });
    expectGqlError(await gql('mutation { updateDomain(domain: "go.example.com", expired_url: "ftp://x") { host } }'), 'validation_failed', {
      paths: ['expired_url'],
    });
  });
});
