import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, freshDatabaseUrl, type Lsk, STORES, startLsk, visit } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe.each(STORES)('redirects on %s with a trusted country header', (store) => {
  let lsk: Lsk;
  let api: ReturnType<typeof client>;
  let host: string;
  beforeAll(async () => {
    lsk = await startLsk(store, { env: { LSK_COUNTRY_HEADER: 'CF-IPCountry' } });
    host = `localhost:${lsk.port}`;
    api = client(lsk.base, await lsk.workspace('visits'));
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  it('sends each visitor to their country URL or the destination, forwarding the query string', async () => {
    await api('POST', '/v1/links', {
      destination: 'https://example.com/sale?src=lsk',
      alias: 'sale/2026',
      geo_targeting: { DE: 'https://example.de/sale', FR: 'https://example.fr/sale#top' },
    });
    const go = (country: string | null, query = '') =>
      visit(lsk.base, `/sale/2026${query}`, { host, 'user-agent': CHROME, ...(country ? { 'cf-ipcountry': country } : {}) });
    expect(await go('DE')).toMatchObject({ status: 302, location: 'https://example.de/sale' });
    expect(await go('de', '?utm=x')).toMatchObject({ status: 302, location: 'https://example.de/sale?utm=x' });
    expect(await go('FR', '?a=1&b=2')).toMatchObject({ status: 302, location: 'https://example.fr/sale?a=1&b=2#top' });
    expect(await go('US', '?utm=x')).toMatchObject({ status: 302, location: 'https://example.com/sale?src=lsk&utm=x' });
    expect(await go(null)).toMatchObject({ status: 302, location: 'https://example.com/sale?src=lsk' });
    expect(await go('XX')).toMatchObject({ status: 302, location: 'https://example.com/sale?src=lsk' });
    const r = await go('DE');
    expect(r.headers['x-request-id']).toBeTruthy();
  });

  it('answers HEAD like GET without counting a click', async () => {
    const link = (await api('POST', '/v1/links', { destination: 'https://head.example/', alias: 'head' })).body;
    const marker = (await api('POST', '/v1/links', { destination: 'https://marker.example/', alias: 'head-marker' })).body;
    const r = await visit(lsk.base, '/head', { host, 'user-agent': CHROME }, 'HEAD');
    expect(r).toMatchObject({ status: 302, location: 'https://head.example/' });
    // A GET after the HEAD: once its click is written, a click of the HEAD would have been too.
    expect((await visit(lsk.base, '/head-marker', { host, 'user-agent': CHROME })).status).toBe(302);
    const counted = await waitFor(
      () => api('GET', `/v1/links/${marker.id}`),
      (m) => m.body.clicks === 1,
    );
    expect(counted.body.clicks).toBe(1);
    expect((await api('GET', `/v1/links/${link.id}`)).body.clicks).toBe(0);
  });

  it('answers 404 for unknown, deleted and malformed aliases: HTML, or JSON when asked', async () => {
    const html = await visit(lsk.base, '/nope', { host });
    expect(html.status).toBe(404);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.body).toContain('Link not found');
    const json = await visit(lsk.base, '/nope', { host, accept: 'application/json' });
    expect(json.status).toBe(404);
    expect(JSON.parse(json.body).error).toMatchObject({ code: 'not_found', request_id: json.headers['x-request-id'] });
    for (const path of ['/a%20b', '/a//b', '/..', '/%00', `/${'x'.repeat(200)}`]) {
      expect((await visit(lsk.base, path, { host })).status).toBe(404);
    }
    const link = (await api('POST', '/v1/links', { destination: 'https://gone.example/', alias: 'gone' })).body;
    expect((await visit(lsk.base, '/gone', { host })).status).toBe(302);
    await api('DELETE', `/v1/links/${link.id}`);
    expect((await visit(lsk.base, '/gone', { host })).status).toBe(404);
    expect((await visit(lsk.base, '/gone', { host: 'other.example' })).status).toBe(404);
  });

  it('sees a change at once on this instance (cache invalidated), and an alias that was unknown once', async () => {
    expect((await visit(lsk.base, '/fresh', { host })).status).toBe(404);
    const link = (await api('POST', '/v1/links', { destination: 'https://one.example/', alias: 'fresh' })).body;
    expect((await visit(lsk.base, '/fresh', { host })).location).toBe('https://one.example/');
    await api('PATCH', `/v1/links/${link.id}`, { destination: 'https://two.example/' });
    expect((await visit(lsk.base, '/fresh', { host })).location).toBe('https://two.example/');
    await api('PATCH', `/v1/links/${link.id}`, { alias: 'fresher' });
    expect((await visit(lsk.base, '/fresh', { host })).status).toBe(404);
    expect((await visit(lsk.base, '/fresher', { host })).location).toBe('https://two.example/');
  });

  it('keeps service routes ahead of aliases', async () => {
    expect((await visit(lsk.base, '/healthz', { host })).status).toBe(200);
    expect((await visit(lsk.base, '/v1/openapi.json', { host })).status).toBe(200);
    expect((await visit(lsk.base, '/docs', { host })).status).toBe(200);
  });

  it('serves custom domains by Host', async () => {
    await api('POST', '/v1/domains', { host: 'go.example.com' });
    await api('POST', '/v1/links', { destination: 'https://custom.example/', domain: 'go.example.com', alias: 'x' });
    expect(await visit(lsk.base, '/x', { host: 'GO.example.com' })).toMatchObject({ status: 302, location: 'https://custom.example/' });
    expect((await visit(lsk.base, '/x', { host })).status).toBe(404);
  });

  it('records clicks off the request path and reports them by day, country, referrer, device, browser and OS, bots apart', async () => {
    const link = (await api('POST', '/v1/links', { destination: 'https://stats.example/', alias: 'stats' })).body;
    const hit = (ua: string, country: string, referer?: string) =>
      visit(lsk.base, '/stats', { host, 'user-agent': ua, 'cf-ipcountry': country, ...(referer ? { referer } : {}) });
    await hit(CHROME, 'DE', 'https://news.example/story');
    await hit(CHROME, 'DE', 'https://news.example/other');
    await hit(IPHONE, 'FR', 'https://social.example/');
    await hit(CHROME, 'US');
    await hit(BOT, 'US');
    const got = await waitFor(
      () => api('GET', `/v1/links/${link.id}`),
      (r) => r.body.clicks === 4,
    );
    expect(got.body.clicks).toBe(4);
    const today = new Date().toISOString().slice(0, 10);
    const stats = await waitFor(
      () => api('GET', `/v1/links/${link.id}/stats`),
      (r) => r.body.bots === 1,
    );
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({
      link_id: link.id,
      from: expect.any(String),
      to: today,
      clicks: 4,
      bots: 1,
      by_day: [{ date: today, clicks: 4 }],
      by_country: [
        { country: 'DE', clicks: 2 },
        { country: 'FR', clicks: 1 },
        { country: 'US', clicks: 1 },
      ],
      by_referrer: [
        { host: 'news.example', clicks: 2 },
        { host: '(direct)', clicks: 1 },
        { host: 'social.example', clicks: 1 },
      ],
      by_device: [
        { device: 'desktop', clicks: 3 },
        { device: 'mobile', clicks: 1 },
      ],
      by_browser: [
        { browser: 'Chrome', clicks: 3 },
        { browser: 'Safari', clicks: 1 },
      ],
      by_os: [
        { os: 'Windows', clicks: 3 },
        { os: 'iOS', clicks: 1 },
      ],
    });
    const gql = await api('POST', '/graphql', { query: `{ linkStats(id: "${link.id}") { clicks bots by_country { country clicks } } }` });
    expect(gql.body.data.linkStats).toMatchObject({ clicks: 4, bots: 1 });
    const past = await api('GET', `/v1/links/${link.id}/stats?from=2020-01-01&to=2020-01-31`);
    expect(past.body).toMatchObject({ from: '2020-01-01', to: '2020-01-31', clicks: 0, by_day: [] });
  });
});

describe('redirect settings', () => {
  it('LSK_REDIRECT_STATUS sets the status; without a country header the IP database decides, X-Forwarded-For only through trusted proxies', async () => {
    const lsk = await startLsk('sqlite', { env: { LSK_REDIRECT_STATUS: '301', LSK_TRUST_PROXY: '1' } });
    try {
      const host = `localhost:${lsk.port}`;
      const api = client(lsk.base, await lsk.workspace('ip'));
      await api('POST', '/v1/links', {
        destination: 'https://world.example/',
        alias: 'ip',
        geo_targeting: { US: 'https://us.example/', DE: 'https://de.example/' },
      });
      // 8.8.8.8 is a US address; 193.99.144.80 a German one; the proxy (the socket peer) is 127.0.0.1.
      expect(await visit(lsk.base, '/ip', { host, 'x-forwarded-for': '8.8.8.8' })).toMatchObject({ status: 301, location: 'https://us.example/' });
      expect(await visit(lsk.base, '/ip', { host, 'x-forwarded-for': '8.8.8.8, 193.99.144.80' })).toMatchObject({ location: 'https://de.example/' });
      expect(await visit(lsk.base, '/ip', { host })).toMatchObject({ location: 'https://world.example/' });
      // A country header is not believed when LSK_COUNTRY_HEADER is not set.
      expect(await visit(lsk.base, '/ip', { host, 'cf-ipcountry': 'DE' })).toMatchObject({ location: 'https://world.example/' });
    } finally {
      await lsk.stop();
    }
  });

  it('does not believe X-Forwarded-For without LSK_TRUST_PROXY', async () => {
    const lsk = await startLsk('sqlite');
    try {
      const host = `localhost:${lsk.port}`;
      const api = client(lsk.base, await lsk.workspace('spoof'));
      await api('POST', '/v1/links', { destination: 'https://world.example/', alias: 'ip', geo_targeting: { US: 'https://us.example/' } });
      expect(await visit(lsk.base, '/ip', { host, 'x-forwarded-for': '8.8.8.8' })).toMatchObject({ status: 302, location: 'https://world.example/' });
    } finally {
      await lsk.stop();
    }
  });

  it('a clean stop (SIGTERM) writes every queued click', async () => {
    const db = freshDatabaseUrl('sqlite');
    const first = await startLsk('sqlite', { databaseUrl: db.url });
    const host = `localhost:${first.port}`;
    const key = await first.workspace('flush');
    const link = (await client(first.base, key)('POST', '/v1/links', { destination: 'https://flush.example/', alias: 'f' })).body;
    for (let i = 0; i < 25; i++) await visit(first.base, '/f', { host, 'user-agent': CHROME });
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');
    const second = await startLsk('sqlite', { databaseUrl: db.url });
    try {
      const res = await client(second.base, key)('GET', `/v1/links/${link.id}`);
      expect(res.body.clicks).toBe(25);
    } finally {
      await second.stop();
      db.cleanup();
    }
  });
});
