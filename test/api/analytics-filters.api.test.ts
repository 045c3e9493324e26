/**
 * Analytics that compose, on a real server and both stores: what redirects record (region and city
 * from trusted headers, referrer URL, UTM from the visited then the target URL, QR trigger, language,
 * domain), every class of filter x group_by (IN, NOT IN, mixed, two filters, time-zone buckets, link /
 * tag / domain scopes) through REST and GraphQL, click events (pages, cursors, CSV and NDJSON
 * streams), their retention sweep on the server's test clock, and deletion.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsSchema, clickEventListSchema } from '../../src/domain/analytics-outputs.js';
import { client, type Lsk, STORES, startLsk, visit } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';
import { BIG_PLAN, expectError } from './_assert.js';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** The server's "now": 22:30 UTC, 23:30 in Berlin, already the next day in Tokyo. */
const NOW = Date.parse('2026-11-20T22:30:00Z');
const DAY = 86_400_000;

describe.each(STORES)('composed analytics on %s', (store) => {
  const dir = mkdtempSync(join(tmpdir(), 'lsk-filters-'));
  const clockFile = join(dir, 'offset-ms');
  let lsk: Lsk;
  let api: ReturnType<typeof client>;
  let key: string;
  let spring: { id: string; short_url: string };
  let autumn: { id: string; short_url: string };
  let custom: { id: string };
  const q = async (query: string) => {
    const r = await api('GET', `/v1/analytics?from=2026-11-01&to=2026-11-30&${query}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(analyticsSchema.parse(r.body)).toBeTruthy();
    return r.body as { total: { clicks: number; bots: number }; data: { key: string; clicks: number }[] };
  };
  beforeAll(async () => {
    writeFileSync(clockFile, String(NOW - Date.now()));
    lsk = await startLsk(store, {
      env: {
        LSK_TEST_CLOCK_FILE: clockFile,
        LSK_COUNTRY_HEADER: 'cf-ipcountry',
        LSK_REGION_HEADER: 'cf-region-code',
        LSK_CITY_HEADER: 'cf-ipcity',
        LSK_CLICK_EVENTS_DAYS: '30',
      },
    });
    key = await lsk.workspace('filters', BIG_PLAN);
    api = client(lsk.base, key);
    expect((await api('POST', '/v1/domains', { host: 'go.filters.test' })).status).toBe(201);
    spring = (await api('POST', '/v1/links', { destination: 'https://example.com/s?utm_medium=email', alias: 'spring', tags: ['Campaign'] })).body;
    autumn = (await api('POST', '/v1/links', { destination: 'https://example.com/a', alias: 'autumn', tags: ['campaign', 'fall'] })).body;
    custom = (await api('POST', '/v1/links', { destination: 'https://example.com/c', alias: 'c', domain: 'go.filters.test' })).body;
    const local = `localhost:${lsk.port}`;
    const hit = (path: string, h: Record<string, string>, host = local) => visit(lsk.base, path, { host, 'user-agent': CHROME, ...h });
    const de = { 'cf-ipcountry': 'DE', 'cf-region-code': 'BE', 'cf-ipcity': 'Berlin', 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' };
    await hit('/spring?utm_source=nl&qr=1', { ...de, referer: 'https://news.example/story?id=7#top' });
    await hit('/spring?utm_source=nl', de);
    await hit('/spring', { ...de, 'user-agent': IPHONE, 'cf-region-code': 'BY', 'cf-ipcity': 'Munich' });
    await hit('/autumn?qr=1', { 'cf-ipcountry': 'FR', 'user-agent': IPHONE, referer: 'https://t.co/x', 'accept-language': 'fr' });
    await hit('/autumn', { 'cf-ipcountry': 'US', 'accept-language': 'en-US' });
    await hit('/c', { 'cf-ipcountry': 'DE', 'cf-region-code': 'DE-HH', 'cf-ipcity': 'Hamburg' }, 'go.filters.test');
    await hit('/spring', { 'cf-ipcountry': 'US', 'user-agent': BOT });
    await waitFor(
      () => api('GET', '/v1/analytics?from=2026-11-01&to=2026-11-30'),
      (r) => r.body?.total?.clicks === 6 && r.body.total.bots === 1,
      { what: 'the seeded visits counted' },
    );
  }, 90_000);
  afterAll(async () => {
    await lsk?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('records region, city, continent, referrer URL, UTM, trigger, language and domain, and removes qr=1 from the target', async () => {
    expect((await q('group_by=regions')).data).toEqual([
      { key: 'DE-BE', clicks: 2 },
      { key: 'DE-BY', clicks: 1 },
      { key: 'DE-HH', clicks: 1 },
    ]);
    expect((await q('group_by=cities&limit=2')).data).toEqual([
      { key: 'Berlin', clicks: 2 },
      { key: 'Hamburg', clicks: 1 },
    ]);
    expect((await q('group_by=continents')).data).toEqual([
      { key: 'EU', clicks: 5 },
      { key: 'NA', clicks: 1 },
    ]);
    expect((await q('group_by=referrer_urls')).data).toEqual([
      { key: '(direct)', clicks: 4 },
      { key: 'https://news.example/story', clicks: 1 },
      { key: 'https://t.co/x', clicks: 1 },
    ]);
    // utm_source from the visited URL; utm_medium from the target's when the visit has none.
    expect((await q('group_by=utm_sources')).data).toEqual([{ key: 'nl', clicks: 2 }]);
    expect((await q('group_by=utm_mediums')).data).toEqual([{ key: 'email', clicks: 3 }]);
    expect((await q('group_by=triggers')).data).toEqual([
      { key: 'link', clicks: 4 },
      { key: 'qr', clicks: 2 },
    ]);
    expect((await q('group_by=languages')).data).toEqual([
      { key: 'de', clicks: 3 },
      { key: 'en', clicks: 1 },
      { key: 'fr', clicks: 1 },
    ]);
    expect((await q('group_by=domains')).data).toEqual([
      { key: `localhost:${lsk.port}`, clicks: 5 },
      { key: 'go.filters.test', clicks: 1 },
    ]);
    expect((await q('group_by=variants')).data).toEqual([]);
    const res = await visit(lsk.base, '/spring?x=1&qr=1&y=2', { host: `localhost:${lsk.port}` }, 'HEAD'); // not counted
    expect(res.location).toBe('https://example.com/s?utm_medium=email&x=1&y=2');
  });

  it('filters IN and NOT IN, two at once, with any breakdown; bots under the same filters', async () => {
    expect(await q('country=DE&group_by=devices')).toMatchObject({
      total: { clicks: 4, bots: 0 },
      data: [
        { key: 'desktop', clicks: 3 },
        { key: 'mobile', clicks: 1 },
      ],
    });
    expect(await q('country=!DE,!FR&group_by=countries')).toMatchObject({ total: { clicks: 1, bots: 1 }, data: [{ key: 'US', clicks: 1 }] });
    expect((await q('country=DE&device=mobile&group_by=cities')).data).toEqual([{ key: 'Munich', clicks: 1 }]);
    const direct = (await q('referrer=(direct)&group_by=links')).data;
    expect(direct[0]).toEqual({ key: spring.id, clicks: 2, alias: 'spring', short_url: spring.short_url });
    expect(
      direct
        .slice(1)
        .map((r) => [r.key, r.clicks])
        .sort(),
    ).toEqual(
      [
        [autumn.id, 1],
        [custom.id, 1],
      ].sort(),
    );
    expect((await q('trigger=qr&referrer=!t.co&group_by=referrers')).data).toEqual([{ key: 'news.example', clicks: 1 }]);
    expect((await q('utm_source=nl&group_by=tags')).data).toEqual([{ key: 'Campaign', clicks: 2 }]);
    expect((await q('continent=EU&language=!de&group_by=browsers')).data).toEqual([
      { key: 'Chrome', clicks: 1 },
      { key: 'Safari', clicks: 1 },
    ]);
    expect((await q('city=Nowhere')).total).toEqual({ clicks: 0, bots: 0 });
  });

  it('buckets filtered clicks by local day in a time zone, and scopes to links, tags and domains', async () => {
    const tokyo = await api('GET', '/v1/analytics?from=2026-11-20&to=2026-11-21&timezone=Asia/Tokyo&country=DE');
    expect(tokyo.body.data).toEqual([
      { key: '2026-11-19T15:00:00.000Z', clicks: 0 },
      { key: '2026-11-20T15:00:00.000Z', clicks: 4 }, // 22:30 UTC is 07:30 on the 21st in Tokyo
    ]);
    const berlin = await api('GET', '/v1/analytics?from=2026-11-20&to=2026-11-21&timezone=Europe/Berlin&country=DE');
    expect(berlin.body.data).toEqual([
      { key: '2026-11-19T23:00:00.000Z', clicks: 4 }, // 23:30 on the 20th in Berlin
      { key: '2026-11-20T23:00:00.000Z', clicks: 0 },
    ]);
    expect((await q(`link_id=${spring.id},${custom.id}&group_by=links`)).data.map((r) => r.key)).toEqual([spring.id, custom.id]);
    expect((await q(`link_id=!${spring.id}&group_by=countries`)).data).toEqual([
      { key: 'DE', clicks: 1 },
      { key: 'FR', clicks: 1 },
      { key: 'US', clicks: 1 },
    ]);
    expect((await q('tag=fall&group_by=countries')).total.clicks).toBe(2);
    expect((await q('tag=!campaign')).total.clicks).toBe(1);
    expect((await q('domain=go.filters.test&group_by=cities')).data).toEqual([{ key: 'Hamburg', clicks: 1 }]);
    expect((await q('domain=!go.filters.test&country=DE')).total.clicks).toBe(3);
    const gql = await api('POST', '/graphql', {
      query:
        'query($f: ClickFilter) { analytics(group_by: devices, from: "2026-11-01", to: "2026-11-30", filter: $f) { total { clicks } data { key clicks } } }',
      variables: { f: { country: { in: ['DE'] }, city: { not_in: ['Hamburg'] } } },
    });
    expect(gql.body.data.analytics).toEqual({
      total: { clicks: 3 },
      data: [
        { key: 'desktop', clicks: 2 },
        { key: 'mobile', clicks: 1 },
      ],
    });
  });

  it('refuses mixed, empty and oversized filters naming the parameter, and other workspaces’ links', async () => {
    const refused = async (query: string, paths: string[]) => expectError(await api('GET', `/v1/analytics?${query}`), 400, 'validation_failed', { paths });
    await refused('country=DE,!FR', ['country']);
    await refused('link_id=', ['link_id']);
    await refused('city=Berlin,,Munich&device=!', ['city', 'device']);
    await refused(`referrer=${Array.from({ length: 101 }, (_, i) => `r${i}.example`).join(',')}`, ['referrer']);
    await refused('group_by=planets', ['group_by']);
    expectError(await api('GET', '/v1/analytics/events?country=!DE,FR'), 400, 'validation_failed', { paths: ['country'] });
    const stranger = client(lsk.base, await lsk.workspace('filters-stranger'));
    expectError(await stranger('GET', `/v1/analytics?link_id=lnk_nobody,${spring.id}`), 404, 'not_found');
    expectError(await stranger('GET', `/v1/analytics/events?link_id=!${spring.id}`), 404, 'not_found');
    expect((await stranger('GET', '/v1/analytics/events')).body).toEqual({ data: [], next_cursor: null });
  });

  it('lists click events newest first, page by page, filtered, and streams them as CSV and NDJSON', async () => {
    const all = await api('GET', '/v1/analytics/events?limit=100');
    expect(clickEventListSchema.parse(all.body)).toBeTruthy();
    expect(all.body.data).toHaveLength(6); // people only
    const times = all.body.data.map((e: { timestamp: string }) => e.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    const first = all.body.data.find((e: { utm_source: string | null; trigger: string }) => e.utm_source === 'nl' && e.trigger === 'qr');
    expect(first).toEqual({
      timestamp: expect.any(String),
      link_id: spring.id,
      short_url: spring.short_url,
      country: 'DE',
      continent: 'EU',
      region: 'DE-BE',
      city: 'Berlin',
      device: 'desktop',
      browser: 'Chrome',
      os: 'Windows',
      referrer: 'news.example',
      referrer_url: 'https://news.example/story',
      utm_source: 'nl',
      utm_medium: 'email',
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
      trigger: 'qr',
      language: 'de',
      variant: null,
    });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { data: { timestamp: string; link_id: string }[]; next_cursor: string | null } } = await api(
        'GET',
        `/v1/analytics/events?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.map((e) => `${e.timestamp}|${e.link_id}`));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.body.data.map((e: { timestamp: string; link_id: string }) => `${e.timestamp}|${e.link_id}`));
    expect((await api('GET', '/v1/analytics/events?country=DE&device=!mobile')).body.data.map((e: { city: string }) => e.city).sort()).toEqual([
      'Berlin',
      'Berlin',
      'Hamburg',
    ]);
    expectError(await api('GET', '/v1/analytics/events?cursor=bm90LWEtY3Vyc29y'), 400, 'invalid_cursor');
    const csv = await fetch(`${lsk.base}/v1/analytics/events?format=csv&country=DE`, { headers: { authorization: `Bearer ${key}` } });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'timestamp,link_id,short_url,country,continent,region,city,device,browser,os,referrer,referrer_url,utm_source,utm_medium,utm_campaign,utm_term,utm_content,trigger,language,variant',
    );
    expect(lines).toHaveLength(5);
    const nd = await fetch(`${lsk.base}/v1/analytics/events?format=ndjson&trigger=qr`, { headers: { authorization: `Bearer ${key}` } });
    expect(nd.headers.get('content-type')).toBe('application/x-ndjson');
    const rows = (await nd.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.map((r) => r.trigger)).toEqual(['qr', 'qr']);
    const gql = await api('POST', '/graphql', { query: '{ clickEvents(limit: 1, filter: {country: {in: ["FR"]}}) { data { country os } next_cursor } }' });
    expect(gql.body.data.clickEvents).toEqual({ data: [{ country: 'FR', os: 'iOS' }], next_cursor: null });
  });

  it('forgets a deleted link everywhere, and sweeps events past LSK_CLICK_EVENTS_DAYS on the server clock', async () => {
    expect((await api('DELETE', `/v1/links/${custom.id}`)).status).toBe(204);
    expect((await q('group_by=domains')).data).toEqual([{ key: `localhost:${lsk.port}`, clicks: 5 }]);
    expect((await q('city=Hamburg')).total.clicks).toBe(0);
    expect((await api('GET', '/v1/analytics/events?limit=100')).body.data).toHaveLength(5);
    writeFileSync(clockFile, String(NOW + 31 * DAY - Date.now())); // LSK_CLICK_EVENTS_DAYS=30 here
    const swept = await waitFor(
      () => api('GET', '/v1/analytics/events?from=2026-11-01&to=2026-11-30'),
      (r) => r.body?.data?.length === 0,
      { timeout: 40_000 },
    );
    expect(swept.body.data).toEqual([]);
    // The counts stay: only events expire.
    expect((await q('country=DE')).total.clicks).toBe(3);
  }, 60_000);
});
