/**
 * referrer_source and referrer_kind filters (docs/adr/0216) on a real server and both stores, over
 * referrers recorded by real redirects: REST, CSV, GraphQL and the events API (JSON, CSV, NDJSON);
 * a source row's hosts capped at 20 with the count of the rest; bad values refused with 400 and
 * nothing changed; another workspace's clicks never read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsSchema } from '../../src/domain/analytics-outputs.js';
import { client, type Lsk, STORES, startLsk, visit } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';
import { BIG_PLAN, expectError } from './_assert.js';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
/** 22 Google country domains: with www.google.de and www.google.com, 24 hosts of one source. */
const GOOGLES = 'fr it es nl be at ch pl se no dk fi pt ie cz hu gr ro bg sk si hr'.split(' ').map((cc) => `https://www.google.${cc}/`);

/** Each visit: its referer (none: direct), its country, how many. */
const MINE: [string | null, string, number][] = [
  ['https://t.co/abc', 'DE', 2],
  ['https://x.com/i/web/status/1', 'FR', 1],
  ['https://www.google.de/', 'DE', 1],
  ['https://www.google.com/search?q=lsk', 'US', 1],
  ['https://news.example/today', 'US', 1],
  [null, 'DE', 1],
  ...GOOGLES.map((g): [string, string, number] => [g, 'JP', 1]),
];

describe.each(STORES)('referrer source filters over HTTP on %s', (store) => {
  let lsk: Lsk;
  let key: string;
  let api: ReturnType<typeof client>;
  let other: ReturnType<typeof client>;
  const rest = async (query: string) => {
    const r = await api('GET', `/v1/analytics?${query}`);
    expect(r.status, r.text).toBe(200);
    expect(analyticsSchema.parse(r.body)).toBeTruthy();
    return r.body as {
      total: { clicks: number };
      previous?: { total: { clicks: number } };
      data: { key: string; clicks: number; hosts?: string[]; hosts_more?: number }[];
    };
  };
  const rows = async (query: string) => (await rest(query)).data.map((r) => `${r.key} ${r.clicks}`);
  const raw = (path: string) => fetch(`${lsk.base}${path}`, { headers: { authorization: `Bearer ${key}` } });
  beforeAll(async () => {
    lsk = await startLsk(store, { env: { LSK_COUNTRY_HEADER: 'cf-ipcountry' } });
    key = await lsk.workspace('source-filter', BIG_PLAN);
    api = client(lsk.base, key);
    other = client(lsk.base, await lsk.workspace('source-filter-other', BIG_PLAN));
    expect((await api('POST', '/v1/links', { destination: 'https://example.com/a', alias: 'sf-mine' })).status).toBe(201);
    expect((await other('POST', '/v1/links', { destination: 'https://example.com/b', alias: 'sf-theirs' })).status).toBe(201);
    const host = `localhost:${lsk.port}`;
    for (const [referer, country, n] of MINE)
      for (let i = 0; i < n; i++) await visit(lsk.base, '/sf-mine', { host, 'user-agent': CHROME, 'cf-ipcountry': country, ...(referer ? { referer } : {}) });
    for (const referer of ['https://t.co/zzz', 'https://t.co/zzz', 'https://mobile.twitter.com/', 'https://www.reddit.com/r/x'])
      await visit(lsk.base, '/sf-theirs', { host, 'user-agent': CHROME, 'cf-ipcountry': 'JP', referer });
    for (const [c, n] of [
      [api, 29],
      [other, 4],
    ] as const)
      await waitFor(
        () => c('GET', '/v1/analytics'),
        (r) => r.body?.total?.clicks === n,
        { what: 'the visits counted' },
      );
  }, 120_000);
  afterAll(async () => {
    await lsk?.stop();
  });

  it('answers "clicks from social, by country", and a source by country, over REST', async () => {
    expect(await rows('referrer_kind=social&group_by=countries')).toEqual(['DE 2', 'FR 1']);
    expect(await rows('referrer_source=x&group_by=countries')).toEqual(['DE 2', 'FR 1']);
    expect(await rows('referrer_source=X,news.example&group_by=referrers')).toEqual(['t.co 2', 'news.example 1', 'x.com 1']);
    expect(await rows('referrer_source=!Google,!(direct)&group_by=referrer_sources')).toEqual(['X 3', 'news.example 1']);
    expect(await rows('referrer_kind=!search,!social&referrer_source=!(direct)&group_by=referrers')).toEqual(['news.example 1']);
    const compared = await rest('referrer_source=X&compare=previous&group_by=countries');
    expect(compared.previous?.total.clicks).toBe(0);
    expect(compared.total.clicks).toBe(3);
  });

  it('lists a source row`s top 20 hosts and counts the rest, on REST, CSV and GraphQL', async () => {
    const [google] = (await rest('group_by=referrer_sources&referrer_kind=search')).data;
    expect(google).toMatchObject({ key: 'Google', clicks: 24, hosts_more: 4 });
    expect(google?.hosts).toHaveLength(20);
    const csv = await api('GET', '/v1/analytics?group_by=referrer_sources&referrer_source=Google&format=csv');
    expect(csv.status).toBe(200);
    const [header, line, end] = csv.text.split('\r\n');
    expect(header).toBe('key,clicks,kind,hosts,hosts_more');
    expect(line).toBe(`Google,24,search,${google?.hosts?.join(' ')},4`);
    expect(end).toBe('');
    const gql = await api('POST', '/graphql', {
      query:
        '{ analytics(group_by: referrer_sources, limit: 2) { data { key hosts hosts_more } } h: analytics(group_by: countries, limit: 1) { data { hosts_more } } }',
    });
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.analytics.data.map((r: { key: string; hosts: string[]; hosts_more: number }) => [r.key, r.hosts.length, r.hosts_more])).toEqual([
      ['Google', 20, 4],
      ['X', 2, 0],
    ]);
    expect(gql.body.data.h.data).toEqual([{ hosts_more: null }]);
  });

  it('filters through GraphQL, analytics and clickEvents alike', async () => {
    const q = `{ a: analytics(group_by: referrers, filter: { referrer_source: { in: ["X", "Google"] }, referrer_kind: { not_in: ["search"] } }) { total { clicks } data { key clicks } }
      e: clickEvents(filter: { referrer_source: { in: ["X"] }, country: { in: ["DE"] } }) { data { referrer country } next_cursor } }`;
    const r = await api('POST', '/graphql', { query: q });
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.a).toEqual({
      total: { clicks: 3 },
      data: [
        { key: 't.co', clicks: 2 },
        { key: 'x.com', clicks: 1 },
      ],
    });
    expect(r.body.data.e).toEqual({
      data: [
        { referrer: 't.co', country: 'DE' },
        { referrer: 't.co', country: 'DE' },
      ],
      next_cursor: null,
    });
  });

  it('filters the events API in JSON, CSV and NDJSON', async () => {
    const page = await api('GET', '/v1/analytics/events?referrer_source=X');
    expect(page.status).toBe(200);
    expect(page.body.data.map((e: { referrer: string }) => e.referrer).sort()).toEqual(['t.co', 't.co', 'x.com']);
    const csv = await raw('/v1/analytics/events?format=csv&referrer_kind=search&limit=5');
    expect(csv.status).toBe(200);
    expect((await csv.text()).trim().split('\r\n')).toHaveLength(25);
    const nd = await raw('/v1/analytics/events?format=ndjson&referrer_source=!Google,!X');
    const referrers = (await nd.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).referrer)
      .sort();
    // The direct visit and news.example's: every host of Google and X left out.
    expect(referrers).toHaveLength(2);
    expect(referrers).toContain('news.example');
  });

  it('refuses a value that names no source, an unknown kind, a mix and 101 values with 400, changing nothing', async () => {
    const refused = async (path: string, paths: string[]) => expectError(await api('GET', path), 400, 'validation_failed', { paths });
    await refused('/v1/analytics?referrer_source=t.co', ['referrer_source']);
    await refused('/v1/analytics?referrer_source=Not%20A%20Source&referrer_kind=soshal', ['referrer_source', 'referrer_kind']);
    await refused('/v1/analytics?referrer_source=X,!Google', ['referrer_source']);
    await refused(`/v1/analytics?referrer_source=${Array.from({ length: 101 }, (_, i) => `h${i}.example`).join(',')}`, ['referrer_source']);
    await refused('/v1/analytics/events?referrer_kind=Social', ['referrer_kind']);
    await refused('/v1/analytics?format=csv&referrer_source=www.google.de', ['referrer_source']);
    const bad = await api('GET', '/v1/analytics?referrer_source=t.co');
    expect(bad.body.error.details[0].message).toMatch(/is a host of the source X/);
    const gql = await api('POST', '/graphql', { query: '{ analytics(filter: { referrer_kind: { in: ["nope"] } }) { total { clicks } } }' });
    expect(gql.body.errors[0].extensions.code).toBe('validation_failed');
    expect((await rest('')).total.clicks).toBe(29);
  });

  it('never reads another workspace: each key resolves a source to its own hosts', async () => {
    expect(await rows('referrer_source=X&group_by=referrers')).toEqual(['t.co 2', 'x.com 1']);
    const theirs = await other('GET', '/v1/analytics?referrer_source=X&group_by=referrers');
    expect(theirs.body.data).toEqual([
      { key: 't.co', clicks: 2 },
      { key: 'mobile.twitter.com', clicks: 1 },
    ]);
    expect((await other('GET', '/v1/analytics?referrer_kind=search')).body.total.clicks).toBe(0);
  });
});
