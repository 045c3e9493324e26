/**
 * GET /v1/analytics, analytics(...) and Link.stats on a real server, on both stores: clicks recorded by
 * real redirects at a time the test sets (LSK_TEST_CLOCK_FILE: the server's clock, moved to just
 * before Europe/Berlin's spring DST change), read back as JSON, CSV and GraphQL; errors and scopes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsSchema } from '../../src/domain/analytics-outputs.js';
import { linkStatsSchema } from '../../src/domain/link-outputs.js';
import { client, type Lsk, STORES, startLsk, visit } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';
import { BIG_PLAN, expectError } from './_assert.js';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** The server's "now": 01:30 in Berlin on the night its clocks go from 02:00 to 03:00. */
const NOW = Date.parse('2026-03-29T00:30:00Z');

describe.each(STORES)('analytics on %s', (store) => {
  const dir = mkdtempSync(join(tmpdir(), 'lsk-analytics-'));
  const clockFile = join(dir, 'offset-ms');
  let lsk: Lsk;
  let api: ReturnType<typeof client>;
  let link: { id: string; alias: string; short_url: string };
  let other: { id: string };
  beforeAll(async () => {
    writeFileSync(clockFile, String(NOW - Date.now()));
    lsk = await startLsk(store, { env: { LSK_TEST_CLOCK_FILE: clockFile, LSK_COUNTRY_HEADER: 'CF-IPCountry' } });
    api = client(lsk.base, await lsk.workspace('analytics', BIG_PLAN));
    link = (await api('POST', '/v1/links', { destination: 'https://example.com/a', alias: 'spring', tags: ['Campaign'], external_id: 'crm-1' })).body;
    other = (await api('POST', '/v1/links', { destination: 'https://example.com/b', alias: 'quiet', tags: ['campaign', 'calm'] })).body;
    const host = `localhost:${lsk.port}`;
    const hit = (path: string, ua: string, country: string, referer?: string) =>
      visit(lsk.base, path, { host, 'user-agent': ua, 'cf-ipcountry': country, ...(referer ? { referer } : {}) });
    await hit('/spring', CHROME, 'DE', 'https://news.example/story');
    await hit('/spring', CHROME, 'DE');
    await hit('/spring', IPHONE, 'FR', 'https://social.example/');
    await hit('/quiet', CHROME, 'US');
    await hit('/spring', BOT, 'US');
    await waitFor(
      () => api('GET', '/v1/analytics?group_by=countries'),
      (r) => r.body?.total?.clicks === 4 && r.body.total.bots === 1,
    );
  }, 60_000);
  afterAll(async () => {
    await lsk?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a daily time series over the last 30 days by default, every bucket present', async () => {
    const r = await api('GET', '/v1/analytics');
    expect(r.status).toBe(200);
    expect(analyticsSchema.parse(r.body)).toBeTruthy();
    expect(r.body).toMatchObject({ group_by: 'timeseries', interval: 'day', timezone: 'UTC', total: { clicks: 4, bots: 1 } });
    expect([r.body.from, r.body.to]).toEqual(['2026-02-28T00:00:00.000Z', '2026-03-30T00:00:00.000Z']);
    expect(r.body.data).toHaveLength(30);
    expect(r.body.data.at(-1)).toEqual({ key: '2026-03-29T00:00:00.000Z', clicks: 4 });
    expect(r.body.data.filter((d: { clicks: number }) => d.clicks === 0)).toHaveLength(29);
  });

  it('buckets by local day in a time zone across its DST change, and by hour', async () => {
    const r = await api('GET', '/v1/analytics?from=2026-03-28&to=2026-03-30&timezone=Europe/Berlin');
    expect(r.body.data).toEqual([
      { key: '2026-03-27T23:00:00.000Z', clicks: 0 },
      { key: '2026-03-28T23:00:00.000Z', clicks: 4 }, // the 29th has 23 hours
      { key: '2026-03-29T22:00:00.000Z', clicks: 0 },
    ]);
    expect([r.body.from, r.body.to, r.body.timezone]).toEqual(['2026-03-27T23:00:00.000Z', '2026-03-30T22:00:00.000Z', 'Europe/Berlin']);
    const hours = await api('GET', '/v1/analytics?interval=hour&from=2026-03-28T23:00:00Z&to=2026-03-29T02:00:00%2B01:00');
    expect(hours.body.data).toEqual([
      { key: '2026-03-28T23:00:00.000Z', clicks: 0 },
      { key: '2026-03-29T00:00:00.000Z', clicks: 4 },
    ]);
  });

  it('groups by country, referrer, device, browser, OS, top link (with alias and short_url) and tag', async () => {
    const data = async (q: string) => (await api('GET', `/v1/analytics?${q}`)).body.data;
    expect(await data('group_by=countries')).toEqual([
      { key: 'DE', clicks: 2 },
      { key: 'FR', clicks: 1 },
      { key: 'US', clicks: 1 },
    ]);
    expect(await data('group_by=referrers')).toEqual([
      { key: '(direct)', clicks: 2 },
      { key: 'news.example', clicks: 1 },
      { key: 'social.example', clicks: 1 },
    ]);
    expect(await data('group_by=devices')).toEqual([
      { key: 'desktop', clicks: 3 },
      { key: 'mobile', clicks: 1 },
    ]);
    expect(await data('group_by=browsers&limit=1')).toEqual([{ key: 'Chrome', clicks: 3 }]);
    expect(await data('group_by=os')).toEqual([
      { key: 'Windows', clicks: 3 },
      { key: 'iOS', clicks: 1 },
    ]);
    expect(await data('group_by=links')).toEqual([
      { key: link.id, clicks: 3, alias: 'spring', short_url: link.short_url },
      { key: other.id, clicks: 1, alias: 'quiet', short_url: expect.stringMatching(/\/quiet$/) },
    ]);
    expect(await data('group_by=tags')).toEqual([
      { key: 'Campaign', clicks: 4 },
      { key: 'calm', clicks: 1 },
    ]);
  });

  it('scopes to a link by id or ext_ id, to a tag and to a domain', async () => {
    const total = async (q: string) => (await api('GET', `/v1/analytics?group_by=countries&${q}`)).body.total;
    expect(await total(`link_id=${link.id}`)).toEqual({ clicks: 3, bots: 1 });
    expect(await total('link_id=ext_crm-1')).toEqual({ clicks: 3, bots: 1 });
    expect(await total('tag=CALM')).toEqual({ clicks: 1, bots: 0 });
    expect(await total(`domain=localhost:${lsk.port}`)).toEqual({ clicks: 4, bots: 1 });
    expect(await total('domain=elsewhere.example')).toEqual({ clicks: 0, bots: 0 });
  });

  it('answers the same rows as CSV with format=csv', async () => {
    const series = await api('GET', '/v1/analytics?from=2026-03-28&to=2026-03-29&format=csv');
    expect(series.status).toBe(200);
    expect(series.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(series.headers.get('content-disposition')).toBe('attachment; filename="analytics-timeseries.csv"');
    expect(series.text).toBe('key,clicks\r\n2026-03-28T00:00:00.000Z,0\r\n2026-03-29T00:00:00.000Z,4\r\n');
    const top = await api('GET', '/v1/analytics?group_by=links&limit=1&format=csv');
    expect(top.text).toBe(`key,clicks,alias,short_url\r\n${link.id},3,spring,${link.short_url}\r\n`);
    expect(top.headers.get('content-disposition')).toBe('attachment; filename="analytics-links.csv"');
  });

  it('adds browsers and operating systems to the link statistics', async () => {
    const r = await api('GET', `/v1/links/${link.id}/stats`);
    expect(linkStatsSchema.parse(r.body)).toBeTruthy();
    expect(r.body.by_browser).toEqual([
      { browser: 'Chrome', clicks: 2 },
      { browser: 'Safari', clicks: 1 },
    ]);
    expect(r.body.by_os).toEqual([
      { os: 'Windows', clicks: 2 },
      { os: 'iOS', clicks: 1 },
    ]);
  });

  it('answers the same through GraphQL: analytics(...) and Link.stats', async () => {
    const q = `{ analytics(group_by: links, limit: 5) { group_by interval total { clicks bots } data { key clicks alias short_url } }
      link(id: "${link.id}") { alias stats { clicks bots by_browser { browser clicks } by_os { os clicks } } again: stats(from: "2026-03-29", to: "2026-03-29") { clicks } } }`;
    const r = await api('POST', '/graphql', { query: q });
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.analytics).toEqual({
      group_by: 'links',
      interval: null,
      total: { clicks: 4, bots: 1 },
      data: [
        { key: link.id, clicks: 3, alias: 'spring', short_url: link.short_url },
        { key: other.id, clicks: 1, alias: 'quiet', short_url: expect.stringMatching(/\/quiet$/) },
      ],
    });
    expect(r.body.data.link.stats).toMatchObject({
      clicks: 3,
      bots: 1,
      by_os: [
        { os: 'Windows', clicks: 2 },
        { os: 'iOS', clicks: 1 },
      ],
    });
    expect(r.body.data.link.again).toEqual({ clicks: 3 });
    const rest = await api('GET', '/v1/analytics?group_by=links&limit=5');
    expect(rest.body.data).toEqual(r.body.data.analytics.data);
  });

  it('refuses bad parameters with 400 naming each one', async () => {
    const refused = async (q: string, paths: string[]) => expectError(await api('GET', `/v1/analytics?${q}`), 400, 'validation_failed', { paths });
    await refused('group_by=planets&interval=minute&timezone=Mars/Olympus&limit=0&format=xml', ['group_by', 'interval', 'timezone', 'limit', 'format']);
    await refused('from=2026-03-30&to=2026-03-01', ['from']);
    await refused('from=2025-01-01&to=2026-03-01', ['from']);
    await refused('interval=hour&from=2026-01-01', ['interval']);
    await refused('from=yesterday', ['from']);
    await refused('bogus=1', ['bogus']);
    const gql = await api('POST', '/graphql', { query: '{ analytics(timezone: "Nowhere/Land") { total { clicks } } }' });
    expect(gql.body.errors[0].extensions.code).toBe('validation_failed');
  });

  it("answers 404 for another workspace's link, and needs analytics:read", async () => {
    const stranger = client(lsk.base, await lsk.workspace('stranger'));
    expectError(await stranger('GET', `/v1/analytics?link_id=${link.id}`), 404, 'not_found');
    expect((await stranger('GET', '/v1/analytics')).body.total).toEqual({ clicks: 0, bots: 0 });
    const made = await api('POST', '/v1/keys', { name: 'links only', scopes: ['links:read'] });
    const linksOnly = client(lsk.base, made.body.key);
    const refused = await linksOnly('GET', '/v1/analytics');
    expectError(refused, 403, 'insufficient_scope');
    expect(refused.body.error.message).toContain('analytics:read');
    const gql = await linksOnly('POST', '/graphql', { query: `{ link(id: "${link.id}") { alias stats { clicks } } }` });
    expect(gql.body.data.link).toEqual({ alias: 'spring', stats: null });
    expect(gql.body.errors.map((e: { extensions: { code: string } }) => e.extensions.code)).toEqual(['insufficient_scope']);
  });

  it('names top links and clicks by their link in GraphQL (its title; a restricted key its own links only), REST as before, and the default domain', async () => {
    await api('PATCH', `/v1/links/${link.id}`, { title: 'Spring sale' });
    const q = '{ analytics(group_by: links) { data { key link { id title } } } clickEvents { data { link_id link { title } } } }';
    const r = await api('POST', '/graphql', { query: q.replace(/}$/, 'domains { default_host } }') });
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.analytics.data).toEqual([
      { key: link.id, link: { id: link.id, title: 'Spring sale' } },
      { key: other.id, link: { id: other.id, title: null } },
    ]);
    expect(r.body.data.clickEvents.data.map((e: { link_id: string; link: { title: string | null } }) => [e.link_id === link.id, e.link.title]).sort()).toEqual([
      [false, null],
      [true, 'Spring sale'],
      [true, 'Spring sale'],
      [true, 'Spring sale'],
    ]);
    expect(r.body.data.domains).toEqual({ default_host: `localhost:${lsk.port}` });
    // REST's rows, events and domains keep the contract's keys.
    expect((await api('GET', '/v1/analytics?group_by=links')).body.data.map((d: object) => Object.keys(d).sort())).toEqual([
      ['alias', 'clicks', 'key', 'short_url'],
      ['alias', 'clicks', 'key', 'short_url'],
    ]);
    expect(Object.keys((await api('GET', '/v1/analytics/events')).body.data[0])).not.toContain('link');
    expect((await api('GET', '/v1/domains')).body).toEqual({ data: [] });
    const made = await api('POST', '/v1/keys', { name: 'calm only', scopes: ['analytics:read', 'links:read'], tags: ['calm'] });
    const calm = await client(lsk.base, made.body.key)('POST', '/graphql', { query: q });
    expect(calm.body.data.analytics.data).toEqual([{ key: other.id, link: { id: other.id, title: null } }]);
    expect(calm.body.data.clickEvents.data).toEqual([{ link_id: other.id, link: { title: null } }]);
  });
});
