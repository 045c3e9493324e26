/**
 * GET /v1/analytics?compare=previous and analytics(compare: previous) on a real server, on both stores
 * (docs/adr/0213): clicks made by real redirects on two days (the server's clock moved between them),
 * read back against the previous period as JSON, CSV and GraphQL; the answer without `compare` is as
 * before; a bad value is 400; scopes and workspaces hold as for any analytics read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsSchema } from '../../src/domain/analytics-outputs.js';
import { client, type Lsk, STORES, startLsk, visit } from '../support/server.js';
import { type ServerClock, serverClock } from '../support/server-clock.js';
import { waitFor } from '../support/wait-for.js';
import { BIG_PLAN, expectError } from './_assert.js';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** The first day's clicks at noon UTC on 10 May, the second day's on 11 May. */
const DAY1 = Date.parse('2026-05-10T12:00:00Z');
const DAY2 = Date.parse('2026-05-11T12:00:00Z');
/** Where the clock stays once the clicks are read back: after every window read here (docs/adr/0226). */
const LATER = Date.parse('2026-05-20T12:00:00Z');
/** The window most cases read: 11 May alone; before it, 10 May. */
const ONE_DAY = 'from=2026-05-11&to=2026-05-11';

describe.each(STORES)('analytics against the previous period on %s', (store) => {
  let lsk: Lsk;
  let clock: ServerClock;
  let api: ReturnType<typeof client>;
  let spring: { id: string; short_url: string };
  let quiet: { id: string };
  beforeAll(async () => {
    clock = serverClock();
    clock.moveTo(DAY1 - Date.now());
    lsk = await startLsk(store, { env: { ...clock.env, LSK_COUNTRY_HEADER: 'CF-IPCountry' } });
    api = client(lsk.base, await lsk.workspace('compare', BIG_PLAN));
    spring = (await api('POST', '/v1/links', { destination: 'https://example.com/a', alias: 'spring', tags: ['Campaign'] })).body;
    quiet = (await api('POST', '/v1/links', { destination: 'https://example.com/b', alias: 'quiet', tags: ['calm'] })).body;
    const host = `localhost:${lsk.port}`;
    const hit = (path: string, country: string, ua = CHROME) => visit(lsk.base, path, { host, 'user-agent': ua, 'cf-ipcountry': country });
    await hit('/spring', 'DE');
    await hit('/spring', 'DE');
    await hit('/quiet', 'US');
    await waitFor(
      () => api('GET', '/v1/analytics?from=2026-05-10&to=2026-05-10'),
      (r) => r.body?.total?.clicks === 3,
    );
    clock.moveTo(DAY2 - Date.now());
    for (let i = 0; i < 3; i++) await hit('/spring', 'DE');
    await hit('/spring', 'FR');
    await hit('/spring', 'US', BOT);
    await waitFor(
      () => api('GET', `/v1/analytics?${ONE_DAY}`),
      (r) => r.body?.total?.clicks === 4 && r.body.total.bots === 1,
    );
    clock.moveTo(LATER - Date.now());
    // Past both days, their hours are closed into day sheets; a read during a closing counts them
    // exactly at every step of it (docs/adr/0231), so the reads need not wait for the closings.
    expect((await api('GET', '/v1/analytics?from=2026-05-10&to=2026-05-11')).body.total).toEqual({ clicks: 7, bots: 1 });
  }, 90_000);
  afterAll(async () => {
    await lsk?.stop();
    clock?.remove();
  });

  it('answers as before without compare: no previous, no previous_clicks', async () => {
    for (const q of [ONE_DAY, `${ONE_DAY}&group_by=countries`, `${ONE_DAY}&group_by=links`]) {
      const r = await api('GET', `/v1/analytics?${q}`);
      expect(Object.keys(r.body)).toEqual(['data', 'from', 'group_by', 'interval', 'timezone', 'to', 'total']);
      for (const row of r.body.data) expect(Object.keys(row)).not.toContain('previous_clicks');
    }
    const csv = await api('GET', `/v1/analytics?${ONE_DAY}&group_by=countries&format=csv`);
    expect(csv.text).toBe('key,clicks\r\nDE,3\r\nFR,1\r\n');
  });

  it('adds the previous window, its totals and each bucket at the same position', async () => {
    const r = await api('GET', '/v1/analytics?from=2026-05-11&to=2026-05-12&compare=previous');
    expect(r.status).toBe(200);
    expect(analyticsSchema.parse(r.body)).toBeTruthy();
    expect(Object.keys(r.body)).toEqual(['data', 'from', 'group_by', 'interval', 'previous', 'timezone', 'to', 'total']);
    expect(r.body.previous).toEqual({ from: '2026-05-09T00:00:00.000Z', to: '2026-05-11T00:00:00.000Z', total: { clicks: 3, bots: 0 } });
    // 11 against 9 May, 12 against 10 May.
    expect(r.body.data).toEqual([
      { key: '2026-05-11T00:00:00.000Z', clicks: 4, previous_clicks: 0 },
      { key: '2026-05-12T00:00:00.000Z', clicks: 0, previous_clicks: 3 },
    ]);
    const hours = await api('GET', `/v1/analytics?${ONE_DAY}&interval=hour&compare=previous`);
    expect(hours.body.data).toHaveLength(24);
    expect(hours.body.data[12]).toEqual({ key: '2026-05-11T12:00:00.000Z', clicks: 4, previous_clicks: 3 });
  });

  it('keeps the current rows of every kind of breakdown, with the same key before (0 when absent)', async () => {
    const countries = await api('GET', `/v1/analytics?${ONE_DAY}&group_by=countries&compare=previous`);
    // US had a click on 10 May and none (but a bot's) on 11 May: no row.
    expect(countries.body.data).toEqual([
      { key: 'DE', clicks: 3, previous_clicks: 2 },
      { key: 'FR', clicks: 1, previous_clicks: 0 },
    ]);
    const links = await api('GET', `/v1/analytics?${ONE_DAY}&group_by=links&compare=previous`);
    expect(links.body.data).toEqual([{ key: spring.id, clicks: 4, previous_clicks: 2, alias: 'spring', short_url: spring.short_url }]);
    const tags = await api('GET', `/v1/analytics?${ONE_DAY}&group_by=tags&compare=previous`);
    expect(tags.body.data).toEqual([{ key: 'Campaign', clicks: 4, previous_clicks: 2 }]);
    const filtered = await api('GET', `/v1/analytics?${ONE_DAY}&country=!DE&group_by=links&compare=previous`);
    expect(filtered.body.previous.total).toEqual({ clicks: 1, bots: 0 });
    expect(filtered.body.data.map((d: { previous_clicks: number }) => d.previous_clicks)).toEqual([0]);
  });

  it('adds a previous_clicks column to the CSV, last', async () => {
    const links = await api('GET', `/v1/analytics?${ONE_DAY}&group_by=links&compare=previous&format=csv`);
    expect(links.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(links.text).toBe(`key,clicks,alias,short_url,previous_clicks\r\n${spring.id},4,spring,${spring.short_url},2\r\n`);
    const series = await api('GET', '/v1/analytics?from=2026-05-11&to=2026-05-12&compare=previous&format=csv');
    expect(series.text).toBe('key,clicks,previous_clicks\r\n2026-05-11T00:00:00.000Z,4,0\r\n2026-05-12T00:00:00.000Z,0,3\r\n');
  });

  it('answers the same through GraphQL', async () => {
    const q = `{ analytics(${ONE_DAY.replace('from=', 'from: "').replace('&to=', '", to: "')}", group_by: countries, compare: previous) {
      previous { from to total { clicks bots } } data { key clicks previous_clicks } } plain: analytics(group_by: countries) { previous { from } data { previous_clicks } } }`;
    const r = await api('POST', '/graphql', { query: q });
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.analytics).toEqual({
      previous: { from: '2026-05-10T00:00:00.000Z', to: '2026-05-11T00:00:00.000Z', total: { clicks: 3, bots: 0 } },
      data: [
        { key: 'DE', clicks: 3, previous_clicks: 2 },
        { key: 'FR', clicks: 1, previous_clicks: 0 },
      ],
    });
    expect(r.body.data.plain.previous).toBeNull();
    expect(r.body.data.plain.data.every((d: { previous_clicks: unknown }) => d.previous_clicks === null)).toBe(true);
    const bad = await api('POST', '/graphql', { query: '{ analytics(compare: last_year) { total { clicks } } }' });
    expect(bad.body.errors[0].message).toMatch(/AnalyticsCompare/);
  });

  it('pairs a partial week with the same days before it, alike in JSON, CSV and GraphQL (docs/adr/0222)', async () => {
    // Tuesday 12 and Wednesday 13 May: the week of 11 May, cut to two days. Before: Sunday 10 and
    // Monday 11 May, both days' clicks (3 + 4), not the week of 4 May's Sunday alone.
    const q = 'from=2026-05-12&to=2026-05-13&interval=week&compare=previous';
    const r = await api('GET', `/v1/analytics?${q}`);
    expect(r.body.previous.total).toEqual({ clicks: 7, bots: 1 });
    expect(r.body.data).toEqual([{ key: '2026-05-11T00:00:00.000Z', clicks: 0, previous_clicks: 7 }]);
    expect((await api('GET', `/v1/analytics?${q}&format=csv`)).text).toBe('key,clicks,previous_clicks\r\n2026-05-11T00:00:00.000Z,0,7\r\n');
    const g = await api('POST', '/graphql', {
      query: '{ analytics(from: "2026-05-12", to: "2026-05-13", interval: week, compare: previous) { data { key clicks previous_clicks } } }',
    });
    expect(g.body.data.analytics.data).toEqual(r.body.data);
  });

  it('compares a day still counting with the day before up to the same hour, alike in JSON and GraphQL (docs/adr/0226)', async () => {
    const previous = async () => {
      const rest = (await api('GET', `/v1/analytics?${ONE_DAY}&compare=previous`)).body.previous;
      const g = await api('POST', '/graphql', {
        query: '{ analytics(from: "2026-05-11", to: "2026-05-11", compare: previous) { previous { from to total { clicks bots } } } }',
      });
      expect(g.body.data.analytics.previous).toEqual(rest);
      return rest;
    };
    try {
      // 11 May, 12:30: 10 May up to 13:00 holds its noon clicks.
      clock.moveTo(DAY2 + 1_800_000 - Date.now());
      expect(await previous()).toEqual({ from: '2026-05-10T00:00:00.000Z', to: '2026-05-10T13:00:00.000Z', total: { clicks: 3, bots: 0 } });
      // 11 May, 11:30: 10 May up to 12:00 holds none of them.
      clock.moveTo(DAY2 - 1_800_000 - Date.now());
      expect(await previous()).toEqual({ from: '2026-05-10T00:00:00.000Z', to: '2026-05-10T12:00:00.000Z', total: { clicks: 0, bots: 0 } });
    } finally {
      clock.moveTo(LATER - Date.now());
    }
  });

  it('refuses a bad value with 400 naming compare and the values allowed', async () => {
    for (const v of ['last_year', '', 'PREVIOUS']) {
      const r = await api('GET', `/v1/analytics?compare=${v}`);
      expectError(r, 400, 'validation_failed', { paths: ['compare'] });
      expect(r.body.error.details[0].message).toContain('previous');
    }
  });

  it("needs analytics:read as before, and never reads another workspace's clicks", async () => {
    const made = await api('POST', '/v1/keys', { name: 'links only', scopes: ['links:read'] });
    expectError(await client(lsk.base, made.body.key)('GET', '/v1/analytics?compare=previous'), 403, 'insufficient_scope');
    const stranger = client(lsk.base, await lsk.workspace('stranger-compare'));
    const theirs = await stranger('GET', `/v1/analytics?${ONE_DAY}&compare=previous`);
    expect([theirs.body.total, theirs.body.previous.total]).toEqual([
      { clicks: 0, bots: 0 },
      { clicks: 0, bots: 0 },
    ]);
    expectError(await stranger('GET', `/v1/analytics?link_id=${quiet.id}&compare=previous`), 404, 'not_found');
  });
});
