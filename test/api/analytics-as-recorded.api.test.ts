/**
 * Analytics read the way clicks record them, on a real server and both stores: a city from a CDN's
 * trusted header keeps its accents whether the CDN sends UTF-8 bytes (Cloudflare's `cf-ipcity`) or
 * percent-escapes (Vercel's); a filter on a field recorded in one case (country, continent, region,
 * device, trigger, language; referrer and domain hosts, IDN too) matches a value in any case, on REST,
 * GraphQL and the events API; NDJSON events list their fields in the documented order, as the CSV columns do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickEventSchema } from '../../src/domain/analytics-outputs.js';
import { client, type Lsk, STORES, startLsk, visit } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';
import { BIG_PLAN } from './_assert.js';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
/** A header value holding the UTF-8 bytes of `text`, as a CDN sends it (Node writes header strings as Latin-1). */
const utf8Bytes = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

describe.each(STORES)('analytics as clicks record them on %s', (store) => {
  let lsk: Lsk;
  let api: ReturnType<typeof client>;
  let key: string;
  const count = async (query: string) => {
    const r = await api('GET', `/v1/analytics?group_by=countries&${query}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.total.clicks as number;
  };
  beforeAll(async () => {
    lsk = await startLsk(store, { env: { LSK_COUNTRY_HEADER: 'cf-ipcountry', LSK_REGION_HEADER: 'cf-region-code', LSK_CITY_HEADER: 'cf-ipcity' } });
    key = await lsk.workspace('recorded', BIG_PLAN);
    api = client(lsk.base, key);
    expect((await api('POST', '/v1/links', { destination: 'https://example.com/z', alias: 'zh' })).status).toBe(201);
    expect((await api('POST', '/v1/domains', { host: 'bücher.example' })).status).toBe(201);
    expect((await api('POST', '/v1/links', { destination: 'https://example.com/b', alias: 'b', domain: 'bücher.example' })).status).toBe(201);
    const host = `localhost:${lsk.port}`;
    const swiss = { host, 'user-agent': IPHONE, 'cf-ipcountry': 'CH', 'cf-region-code': 'ZH', 'accept-language': 'de-CH' };
    expect((await visit(lsk.base, '/zh?qr=1', { ...swiss, 'cf-ipcity': utf8Bytes('Zürich'), referer: 'https://News.Example/a' })).status).toBe(302);
    expect((await visit(lsk.base, '/zh', { ...swiss, 'cf-ipcity': 'Z%C3%BCrich' })).status).toBe(302);
    expect((await visit(lsk.base, '/zh', { host, 'user-agent': CHROME, 'cf-ipcountry': 'DE', 'cf-ipcity': 'Köln' })).status).toBe(302);
    const idn = { host: 'xn--bcher-kva.example', 'user-agent': CHROME, 'cf-ipcountry': 'DE', referer: 'https://xn--caf-dma.example/x' };
    expect((await visit(lsk.base, '/b', idn)).status).toBe(302);
    await waitFor(
      () => api('GET', '/v1/analytics'),
      (r) => r.body?.total?.clicks === 4,
      { what: 'the four visits counted' },
    );
  }, 90_000);
  afterAll(async () => {
    await lsk?.stop();
  });

  it('records a trusted city header sent as UTF-8 bytes or percent-escaped as the city it names', async () => {
    const cities = await api('GET', '/v1/analytics?group_by=cities');
    expect(cities.body.data).toEqual([
      { key: 'Zürich', clicks: 2 },
      { key: 'Köln', clicks: 1 },
    ]);
    expect(await count('city=Zürich')).toBe(2);
    const events = await api('GET', '/v1/analytics/events?country=CH');
    expect(events.body.data.map((e: { city: string; region: string }) => [e.city, e.region])).toEqual([
      ['Zürich', 'CH-ZH'],
      ['Zürich', 'CH-ZH'],
    ]);
  });

  it('matches a filter value in any case on fields recorded in one case, on REST, GraphQL and the events API', async () => {
    for (const [query, clicks] of [
      ['country=ch', 2],
      ['country=!ch', 2],
      ['continent=eu', 4],
      ['region=ch-zh', 2],
      ['device=MOBILE', 2],
      ['trigger=QR', 1],
      ['language=DE', 2],
      ['referrer=NEWS.example', 1],
      ['referrer=(DIRECT)', 2],
      [`domain=LOCALHOST:${lsk.port}`, 3],
      ['country=CH,de&device=Desktop', 2],
      ['domain=Bücher.EXAMPLE', 1],
      ['referrer=CAFÉ.example', 1],
    ] as const)
      expect(await count(query), query).toBe(clicks);
    const gql = await api('POST', '/graphql', {
      query: '{ analytics(group_by: devices, filter: {country: {in: ["ch"]}, trigger: {not_in: ["QR"]}}) { total { clicks } data { key clicks } } }',
    });
    expect(gql.body.data.analytics).toEqual({ total: { clicks: 1 }, data: [{ key: 'mobile', clicks: 1 }] });
    expect((await api('GET', '/v1/analytics/events?country=ch&trigger=Qr')).body.data).toHaveLength(1);
  });

  it('streams NDJSON events with the fields of the documented click event, in its order, and CSV in the same', async () => {
    const documented = Object.keys(clickEventSchema.shape);
    // The contract's order (README "Analytics" events).
    expect(documented.join(' ')).toBe(
      'timestamp link_id short_url country continent region city device browser os referrer referrer_url utm_source utm_medium utm_campaign utm_term utm_content trigger language variant',
    );
    const res = await fetch(`${lsk.base}/v1/analytics/events?format=ndjson`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.headers.get('content-type')).toBe('application/x-ndjson');
    const lines = (await res.text()).trim().split('\n');
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(Object.keys(JSON.parse(line))).toEqual(documented);
    const csv = await fetch(`${lsk.base}/v1/analytics/events?format=csv`, { headers: { authorization: `Bearer ${key}` } });
    expect((await csv.text()).split('\r\n')[0]).toBe(documented.join(','));
  });
});
