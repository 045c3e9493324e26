/** Links over REST: creating, reading, aliases and short URLs, custom domains, deleting, statistics. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { allLinks, BIG_PLAN, createLink, expectError, expectLinkShape, ISO_DATE, ISO_TIME, NO_BEHAVIOUR } from './_assert.js';

type Api = ReturnType<typeof client>;
const today = () => new Date().toISOString().slice(0, 10);
const daysBefore = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

describe.each(STORES)('links over REST on %s', (store) => {
  let lsk: Lsk;
  let api: Api;
  /** A workspace with a generous plan for the suites below that make many calls. */
  let bulk: Api;
  let bulkKey: string;
  let home: string;

  beforeAll(async () => {
    lsk = await startLsk(store);
    api = client(lsk.base, await lsk.workspace('acme'));
    bulkKey = await lsk.workspace('bulk', BIG_PLAN);
    bulk = client(lsk.base, bulkKey);
    home = `localhost:${lsk.port}`;
  });
  afterAll(async () => {
    if (lsk && lsk.proc.exitCode !== null) console.log(lsk.output().slice(-5000));
    await lsk?.stop();
  });

  it('creates a link with 201, a Location header and the full representation', async () => {
    const res = await api('POST', '/v1/links', {
      destination: 'https://example.com/spring',
      alias: 'spring',
      geo_targeting: { DE: 'https://example.de/fruehling' },
      tags: ['Campaign', 'campaign', ' spring '],
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`/v1/links/${res.body.id}`);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^lnk_[0-9A-Za-z]+$/),
      short_url: `http://localhost:${lsk.port}/spring`,
      domain: `localhost:${lsk.port}`,
      alias: 'spring',
      destination: 'https://example.com/spring',
      geo_targeting: { DE: 'https://example.de/fruehling' },
      tags: ['Campaign', 'spring'],
      clicks: 0,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: res.body.created_at,
      ...NO_BEHAVIOUR,
    });
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.headers.get('ratelimit-policy')).toBe('100;w=60');
  });

  it('refuses a taken alias with 409 alias_taken and changes nothing', async () => {
    const res = await api('POST', '/v1/links', { destination: 'https://other.example/', alias: 'spring' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('alias_taken');
    const list = await api('GET', '/v1/links?q=other.example');
    expect(list.body.data).toEqual([]);
  });

  describe('reading one link', () => {
    it('answers GET /v1/links/{id} with exactly the representation POST returned', async () => {
      const created = await createLink(bulk, { destination: 'https://example.com/get', tags: ['one'], geo_targeting: { FR: 'https://example.fr/' } });
      const res = await bulk('GET', `/v1/links/${created.id}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.body).toEqual(created);
      expectLinkShape(res.body);
    });

    it('answers 404 not_found for an id that does not exist, well-formed or not', async () => {
      for (const id of ['lnk_doesnotexist00000000', 'nope', 'key_abc', encodeURIComponent('lnk_ä')]) {
        expectError(await bulk('GET', `/v1/links/${id}`), 404, 'not_found');
      }
    });

    it('sets X-Request-Id on every answer and echoes a sane caller-given one', async () => {
      const own = await bulk('GET', '/v1/links?limit=1', undefined, { 'x-request-id': 'trace-123.abc' });
      expect(own.headers.get('x-request-id')).toBe('trace-123.abc');
      const err = await bulk('GET', '/v1/links/lnk_missing', undefined, { 'x-request-id': 'trace-err-1' });
      expectError(err, 404, 'not_found');
      expect(err.body.error.request_id).toBe('trace-err-1');
    });
  });

  describe('generated aliases and short URLs', () => {
    it('generates a 7-character base62 alias when none is given, different every time', async () => {
      const aliases = new Set<string>();
      for (let i = 0; i < 8; i++) {
        const link = await createLink(bulk, { destination: `https://example.com/gen/${i}` });
        expect(link.alias).toMatch(/^[0-9A-Za-z]{7}$/);
        expect(link.short_url).toBe(`http://${home}/${link.alias}`);
        aliases.add(link.alias);
      }
      expect(aliases.size).toBe(8);
    });

    it('treats an explicit null alias and domain like absent ones', async () => {
      const link = await createLink(bulk, { destination: 'https://example.com/nulls', alias: null, domain: null });
      expect(link.alias).toMatch(/^[0-9A-Za-z]{7}$/);
      expect(link.domain).toBe(home);
      expect(link.geo_targeting).toEqual({});
      expect(link.tags).toEqual([]);
    });

    it('uses the default domain (http short_url) and accepts it spelled in upper case', async () => {
      const link = await createLink(bulk, { destination: 'https://example.com/dflt', domain: home.toUpperCase(), alias: 'dflt' });
      expect(link.domain).toBe(home);
      expect(link.short_url).toBe(`http://${home}/dflt`);
    });

    it('accepts the longest alias (128 characters), multi-segment aliases and every allowed character', async () => {
      const long = 'a'.repeat(128);
      expect((await createLink(bulk, { destination: 'https://example.com/', alias: long })).alias).toBe(long);
      const odd = 'Aa0-_.~/x.y/z~';
      const link = await createLink(bulk, { destination: 'https://example.com/', alias: odd });
      expect(link.short_url).toBe(`http://${home}/${odd}`);
      // Only the first segment is reserved, and only as a whole word.
      for (const alias of ['x/v1', 'v1x', 'documents', 'docs-x', 'metrics2', 'x/graphql']) {
        expect((await createLink(bulk, { destination: 'https://example.com/', alias })).alias).toBe(alias);
      }
    });

    it('keeps aliases case-sensitive: Spring and spring are two links', async () => {
      const a = await createLink(bulk, { destination: 'https://example.com/upper', alias: 'CaseMe' });
      const b = await createLink(bulk, { destination: 'https://example.com/lower', alias: 'caseme' });
      expect(a.id).not.toBe(b.id);
    });

    it('accepts a destination of exactly 8,192 characters', async () => {
      const base = 'https://example.com/';
      const destination = base + 'x'.repeat(8192 - base.length);
      const link = await createLink(bulk, { destination });
      expect(link.destination).toBe(destination);
    });
  });

  describe('custom domains', () => {
    it('refuses a link on a domain the workspace has not registered (400 validation_failed, path domain)', async () => {
      const before = await allLinks(bulk);
      expectError(await bulk('POST', '/v1/links', { destination: 'https://example.com/', domain: 'go.example.org', alias: 'x' }), 400, 'validation_failed', {
        paths: ['domain'],
      });
      expect(await allLinks(bulk)).toEqual(before);
    });

    it('serves links on a domain after POST /v1/domains, with an https short_url', async () => {
      const add = await bulk('POST', '/v1/domains', { host: 'go.example.org' });
      expect(add.status).toBe(201);
      const link = await createLink(bulk, { destination: 'https://example.com/', domain: 'GO.Example.org', alias: 'promo' });
      expect(link.domain).toBe('go.example.org');
      expect(link.short_url).toBe('https://go.example.org/promo');
      // The same alias on another domain is a different link.
      const other = await createLink(bulk, { destination: 'https://example.com/', alias: 'promo' });
      expect(other.short_url).toBe(`http://${home}/promo`);
      expectError(await bulk('POST', '/v1/links', { destination: 'https://example.com/', domain: 'go.example.org', alias: 'promo' }), 409, 'alias_taken', {
        paths: ['alias'],
      });
    });

    it('stores an IDN domain as punycode', async () => {
      expect((await bulk('POST', '/v1/domains', { host: 'bücher.example' })).status).toBe(201);
      const link = await createLink(bulk, { destination: 'https://example.com/', domain: 'Bücher.example', alias: 'buch' });
      expect(link.domain).toBe('xn--bcher-kva.example');
      expect(link.short_url).toBe('https://xn--bcher-kva.example/buch');
    });

    it('uses http in short_url for the loopback default domain (loopback hosts are never a custom domain)', async () => {
      expectError(await bulk('POST', '/v1/domains', { host: '127.0.0.1' }), 400, 'validation_failed', { paths: ['host'] });
      const link = await createLink(bulk, { destination: 'https://example.com/', alias: 'loop' });
      expect(link.short_url).toBe(`http://localhost:${lsk.port}/loop`);
    });
  });

  describe('deleting', () => {
    it('answers 204 with an empty body, then 404 for GET, PATCH, DELETE and stats', async () => {
      const link = await createLink(bulk, { destination: 'https://example.com/bye', alias: 'bye', tags: ['gone'] });
      const del = await fetch(`${lsk.base}/v1/links/${link.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${bulkKey}` } });
      expect(del.status).toBe(204);
      expect(await del.text()).toBe('');
      expect(del.headers.get('content-type')).toBeNull();
      expect(del.headers.get('x-request-id')).toBeTruthy();
      expectError(await bulk('GET', `/v1/links/${link.id}`), 404, 'not_found');
      expectError(await bulk('PATCH', `/v1/links/${link.id}`, { destination: 'https://example.com/' }), 404, 'not_found');
      expectError(await bulk('DELETE', `/v1/links/${link.id}`), 404, 'not_found');
      expectError(await bulk('GET', `/v1/links/${link.id}/stats`), 404, 'not_found');
      expect((await allLinks(bulk)).map((l) => l.id)).not.toContain(link.id);
      // The alias can be used again.
      expect((await createLink(bulk, { destination: 'https://example.com/again', alias: 'bye' })).alias).toBe('bye');
    });

    it('ignores a body sent with DELETE', async () => {
      const link = await createLink(bulk, { destination: 'https://example.com/bye2' });
      const res = await bulk('DELETE', `/v1/links/${link.id}`, { anything: true });
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
    });
  });

  describe('statistics', () => {
    let link: any;

    beforeAll(async () => {
      link = await createLink(bulk, { destination: 'https://example.com/stats' });
    });

    function expectStatsShape(body: Record<string, unknown>) {
      expect(Object.keys(body).sort()).toEqual([
        'bots',
        'by_browser',
        'by_country',
        'by_day',
        'by_device',
        'by_os',
        'by_referrer',
        'clicks',
        'from',
        'link_id',
        'to',
      ]);
      expect(body.link_id).toBe(link.id);
      expect(body.from).toMatch(ISO_DATE);
      expect(body.to).toMatch(ISO_DATE);
      expect(Number.isInteger(body.clicks)).toBe(true);
      expect(Number.isInteger(body.bots)).toBe(true);
      const lists = {
        by_day: ['clicks', 'date'],
        by_country: ['clicks', 'country'],
        by_referrer: ['clicks', 'host'],
        by_device: ['clicks', 'device'],
        by_browser: ['browser', 'clicks'],
        by_os: ['clicks', 'os'],
      };
      for (const [name, keys] of Object.entries(lists)) {
        const list = body[name] as Record<string, unknown>[];
        expect(Array.isArray(list)).toBe(true);
        for (const row of list) expect(Object.keys(row).sort()).toEqual(keys);
        const total = list.reduce((n, r) => n + Number(r.clicks), 0);
        // A click without a referrer, or from an unknown browser or OS, counts under none of them.
        if (!['by_referrer', 'by_browser', 'by_os'].includes(name)) expect(total).toBe(body.clicks);
      }
      const days = (body.by_day as { date: string }[]).map((d) => d.date);
      expect(days).toEqual([...days].sort());
    }

    it('answers the statistics shape for the last 30 days by default', async () => {
      const res = await bulk('GET', `/v1/links/${link.id}/stats`);
      expect(res.status, res.text).toBe(200);
      expectStatsShape(res.body);
      expect(res.body.to).toBe(today());
      expect(res.body.from).toBe(daysBefore(today(), 29));
      expect(res.body.clicks).toBe(0);
      expect(res.body.bots).toBe(0);
    });

    it('echoes an explicit range, and defaults from to 30 days before an explicit to', async () => {
      const res = await bulk('GET', `/v1/links/${link.id}/stats?from=2026-01-01&to=2026-01-31`);
      expect(res.status, res.text).toBe(200);
      expectStatsShape(res.body);
      expect([res.body.from, res.body.to]).toEqual(['2026-01-01', '2026-01-31']);
      const onlyTo = await bulk('GET', `/v1/links/${link.id}/stats?to=2026-03-31`);
      expect([onlyTo.body.from, onlyTo.body.to]).toEqual(['2026-03-02', '2026-03-31']);
      const oneDay = await bulk('GET', `/v1/links/${link.id}/stats?from=2026-02-28&to=2026-02-28`);
      expect([oneDay.body.from, oneDay.body.to]).toEqual(['2026-02-28', '2026-02-28']);
      const onlyFrom = await bulk('GET', `/v1/links/${link.id}/stats?from=${daysBefore(today(), 3)}`);
      expect([onlyFrom.body.from, onlyFrom.body.to]).toEqual([daysBefore(today(), 3), today()]);
    });

    it('refuses bad dates and from after to with 400 validation_failed naming the parameter', async () => {
      const cases: [string, string[]][] = [
        ['from=yesterday', ['from']],
        ['to=2026-13-01', ['to']],
        ['from=2026-02-30', ['from']],
        ['from=2026-1-1', ['from']],
        ['to=2026-01-01T00:00:00Z', ['to']],
        ['from=2026-02-01&to=2026-01-01', ['from']],
        ['from=x&to=y', ['from', 'to']],
        ['from=2026-01-01&from=2026-01-02', ['from']],
        ['since=2026-01-01', ['since']],
      ];
      for (const [query, paths] of cases) {
        expectError(await bulk('GET', `/v1/links/${link.id}/stats?${query}`), 400, 'validation_failed', { paths });
      }
    });

    it('answers 404 not_found for the statistics of an unknown link', async () => {
      expectError(await bulk('GET', '/v1/links/lnk_doesnotexist0000000/stats'), 404, 'not_found');
    });
  });

  it('answers times as ISO 8601 UTC with milliseconds', async () => {
    const link = await createLink(bulk, { destination: 'https://example.com/time' });
    expect(link.created_at).toMatch(ISO_TIME);
    expect(Math.abs(Date.parse(link.created_at) - Date.now())).toBeLessThan(60_000);
  });
});
