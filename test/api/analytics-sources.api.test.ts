/**
 * group_by=referrer_sources (docs/adr/0214) on a real server and both stores: referrers recorded by
 * real redirects, summed per source through REST, CSV and GraphQL, with filters combined, the limit
 * after grouping, bad input refused, and another workspace's clicks never read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsSchema } from '../../src/domain/analytics-outputs.js';
import { client, type Lsk, STORES, startLsk, visit } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';
import { BIG_PLAN, expectError } from './_assert.js';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

/** Each visit: its referer (none: direct), its country, how many. */
const MINE: [string | null, string, number][] = [
  ['https://t.co/abc', 'DE', 3],
  ['https://x.com/i/web/status/1', 'FR', 1],
  ['https://l.facebook.com/l.php?u=x', 'DE', 2],
  ['https://m.facebook.com/', 'US', 1],
  ['https://www.google.de/', 'DE', 2],
  ['https://www.google.com/search?q=lsk', 'US', 1],
  ['https://lnkd.in/e', 'FR', 1],
  ['android-app://com.google.android.gm/', 'DE', 1],
  ['https://news.example/today', 'US', 1],
  [null, 'DE', 1],
];

describe.each(STORES)('referrer sources over HTTP on %s', (store) => {
  let lsk: Lsk;
  let api: ReturnType<typeof client>;
  let other: ReturnType<typeof client>;
  const rest = async (query: string) => {
    const r = await api('GET', `/v1/analytics?group_by=referrer_sources&${query}`);
    expect(r.status, r.text).toBe(200);
    expect(analyticsSchema.parse(r.body)).toBeTruthy();
    return r.body as { total: { clicks: number }; data: { key: string; clicks: number; kind?: string; hosts?: string[] }[] };
  };
  const keys = async (query: string) => (await rest(query)).data.map((r) => `${r.key} ${r.clicks}`);
  beforeAll(async () => {
    lsk = await startLsk(store, { env: { LSK_COUNTRY_HEADER: 'cf-ipcountry' } });
    api = client(lsk.base, await lsk.workspace('sources', BIG_PLAN));
    other = client(lsk.base, await lsk.workspace('sources-other', BIG_PLAN));
    expect((await api('POST', '/v1/links', { destination: 'https://example.com/a', alias: 'src-mine' })).status).toBe(201);
    expect((await other('POST', '/v1/links', { destination: 'https://example.com/b', alias: 'src-theirs' })).status).toBe(201);
    const host = `localhost:${lsk.port}`;
    for (const [referer, country, n] of MINE)
      for (let i = 0; i < n; i++) await visit(lsk.base, '/src-mine', { host, 'user-agent': CHROME, 'cf-ipcountry': country, ...(referer ? { referer } : {}) });
    for (const referer of ['https://t.co/zzz', 'https://t.co/zzz', 'https://www.reddit.com/r/x'])
      await visit(lsk.base, '/src-theirs', { host, 'user-agent': CHROME, 'cf-ipcountry': 'JP', referer });
    for (const [c, n] of [
      [api, 14],
      [other, 3],
    ] as const)
      await waitFor(
        () => c('GET', '/v1/analytics'),
        (r) => r.body?.total?.clicks === n,
        { what: 'the visits counted' },
      );
  }, 90_000);
  afterAll(async () => {
    await lsk?.stop();
  });

  it('sums the recorded hosts per source with kind and hosts, most clicks first; other breakdowns keep their shape', async () => {
    const r = await rest('');
    expect(r.total.clicks).toBe(14);
    expect(r.data).toEqual([
      { key: 'X', clicks: 4, kind: 'social', hosts: ['t.co', 'x.com'], hosts_more: 0 },
      { key: 'Facebook', clicks: 3, kind: 'social', hosts: ['l.facebook.com', 'm.facebook.com'], hosts_more: 0 },
      { key: 'Google', clicks: 3, kind: 'search', hosts: ['www.google.de', 'www.google.com'], hosts_more: 0 },
      { key: '(direct)', clicks: 1, kind: 'direct', hosts: ['(direct)'], hosts_more: 0 },
      { key: 'Gmail', clicks: 1, kind: 'email', hosts: ['com.google.android.gm'], hosts_more: 0 },
      { key: 'LinkedIn', clicks: 1, kind: 'social', hosts: ['lnkd.in'], hosts_more: 0 },
      { key: 'news.example', clicks: 1, kind: 'other', hosts: ['news.example'], hosts_more: 0 },
    ]);
    const hosts = await api('GET', '/v1/analytics?group_by=referrers&limit=3');
    expect(hosts.body.data).toEqual([
      { key: 't.co', clicks: 3 },
      { key: 'l.facebook.com', clicks: 2 },
      { key: 'www.google.de', clicks: 2 },
    ]);
  });

  it('applies the limit after grouping', async () => {
    expect(await keys('limit=2')).toEqual(['X 4', 'Facebook 3']);
  });

  it('combines with filters: country, a source`s hosts as a referrer IN or NOT IN, and the time series of one source', async () => {
    expect(await keys('country=DE')).toEqual(['X 3', 'Facebook 2', 'Google 2', '(direct) 1', 'Gmail 1']);
    expect(await keys('referrer=t.co,x.com')).toEqual(['X 4']);
    expect(await keys('referrer=!t.co,!x.com,!(direct)&country=!US')).toEqual(['Facebook 2', 'Google 2', 'Gmail 1', 'LinkedIn 1']);
    const series = await api('GET', '/v1/analytics?referrer=l.facebook.com,m.facebook.com');
    expect(series.body.total.clicks).toBe(3);
    expect(await keys('country=JP')).toEqual([]);
  });

  it('answers CSV with kind, hosts and hosts_more', async () => {
    const r = await api('GET', '/v1/analytics?group_by=referrer_sources&limit=3&format=csv');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="analytics-referrer_sources.csv"');
    expect(r.text).toBe(
      'key,clicks,kind,hosts,hosts_more\r\nX,4,social,t.co x.com,0\r\nFacebook,3,social,l.facebook.com m.facebook.com,0\r\nGoogle,3,search,www.google.de www.google.com,0\r\n',
    );
  });

  it('answers the same through GraphQL, with kind and hosts null on other breakdowns', async () => {
    const q = `{ s: analytics(group_by: referrer_sources, limit: 2, filter: { country: { not_in: ["US"] } }) { group_by data { key clicks kind hosts alias } }
      h: analytics(group_by: referrers, limit: 1) { data { key kind hosts } } }`;
    const r = await api('POST', '/graphql', { query: q });
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.s).toEqual({
      group_by: 'referrer_sources',
      data: [
        { key: 'X', clicks: 4, kind: 'social', hosts: ['t.co', 'x.com'], alias: null },
        { key: 'Facebook', clicks: 2, kind: 'social', hosts: ['l.facebook.com'], alias: null },
      ],
    });
    expect(r.body.data.h.data).toEqual([{ key: 't.co', kind: null, hosts: null }]);
  });

  it('never reads another workspace: each key sees its own sources only', async () => {
    expect(await keys('limit=100')).not.toContain('Reddit 1');
    const theirs = await other('GET', '/v1/analytics?group_by=referrer_sources');
    expect(theirs.body.data).toEqual([
      { key: 'X', clicks: 2, kind: 'social', hosts: ['t.co'], hosts_more: 0 },
      { key: 'Reddit', clicks: 1, kind: 'forum', hosts: ['www.reddit.com'], hosts_more: 0 },
    ]);
  });

  it('refuses a misspelt grouping and a host given as a source, changing nothing', async () => {
    expectError(await api('GET', '/v1/analytics?group_by=referrer_source'), 400, 'validation_failed', { paths: ['group_by'] });
    expectError(await api('GET', '/v1/analytics?group_by=referrer_sources&referrer_source=t.co'), 400, 'validation_failed', { paths: ['referrer_source'] });
    const gql = await api('POST', '/graphql', { query: '{ analytics(group_by: REFERRER_SOURCES) { total { clicks } } }' });
    expect(gql.body.errors?.[0]?.message).toMatch(/REFERRER_SOURCES/);
    expect(await keys('limit=1')).toEqual(['X 4']);
  });
});
