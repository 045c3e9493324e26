/**
 * The attacks of the edge's security review, each against the real server process: every one gets
 * its 4xx and changes nothing. Around each, the server's resident memory (process_resident_memory_bytes
 * of /metrics) and the worst /healthz latency seen while it ran are measured and printed as a
 * table: reported, never asserted on time (performance is `npm run bench`'s business).
 */
import { Agent, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { allLinks, BIG_PLAN, createLink, expectError, graphql } from './_assert.js';
import { type Measured, measured, post, rawExchange } from './_hostile.js';

const D = 'https://example.com/';
/** Short transport timeouts so the slow-client attacks take a second, not half a minute. */
const HEADERS_TIMEOUT_MS = 800;
const BODY_TIMEOUT_MS = 1200;
const ANON_RPM = 40;

describe.each(STORES)('hostile input on %s', (store) => {
  let lsk: Lsk;
  let key: string;
  let api: ReturnType<typeof client>;
  const table: Measured[] = [];

  beforeAll(async () => {
    lsk = await startLsk(store, {
      env: { LSK_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS), LSK_BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS), LSK_ANON_GRAPHQL_RPM: String(ANON_RPM) },
    });
    key = await lsk.workspace('hostile', BIG_PLAN);
    api = client(lsk.base, key);
    await createLink(api, { destination: D, alias: 'keep' });
  });
  afterAll(async () => {
    if (table.length > 0) {
      console.log(`\nhostile input on ${store}: status, duration, resident memory before -> after, worst /healthz latency during the attack`);
      console.table(table);
    }
    await lsk?.stop();
  });

  it('refuses a document of 600 aliased createLink (over 5,000 tokens) before running any of it', async () => {
    const before = (await allLinks(api)).length;
    const query = `mutation { ${Array.from({ length: 600 }, (_, i) => `c${i}: createLink(destination: "${D}${i}") { id }`).join(' ')} }`;
    const [status] = await measured(lsk, table, '600 createLink in one document', async () => {
      const res = await post(lsk.base, '/graphql', JSON.stringify({ query }), { authorization: `Bearer ${key}` });
      expect(res.body.errors[0].extensions.code).toBe('query_too_complex');
      expect(res.body.errors[0].message).toMatch(/5000 tokens/);
      expect(res.body.data).toBeUndefined();
      // A refused document is still an authenticated request: one unit of the plan, with its headers.
      expect(res.headers.get('ratelimit-limit')).toBe('1000000');
      return [res.status];
    });
    expect(status).toBe(400);
    expect((await allLinks(api)).length).toBe(before);
  });

  it('refuses, without a key, an introspection query with 15,000 aliases', async () => {
    const query = `{ ${Array.from({ length: 15_000 }, (_, i) => `s${i}: __schema { types { name } }`).join(' ')} }`;
    const [status] = await measured(lsk, table, '15,000 introspection aliases, no key', async () => {
      const res = await post(lsk.base, '/graphql', JSON.stringify({ query }));
      expect(res.body.errors[0].extensions.code).toBe('query_too_complex');
      expect(res.bytes).toBeLessThan(2000);
      return [res.status];
    });
    expect(status).toBe(400);
  });

  it('refuses 50,000 aliases inside one root field, and 51 aliases within the token budget', async () => {
    const aliases = Array.from({ length: 50_000 }, (_, i) => `a${i}: id`);
    const fields = aliases.join(' ');
    const statuses = await measured(lsk, table, '50,000 aliases in one root field', async () => {
      const big = await post(lsk.base, '/graphql', JSON.stringify({ query: `{ links { data { ${fields} } } }` }), { authorization: `Bearer ${key}` });
      const small = await post(lsk.base, '/graphql', JSON.stringify({ query: `{ links(limit: 1) { data { ${aliases.slice(0, 51).join(' ')} } } }` }), {
        authorization: `Bearer ${key}`,
      });
      expect(big.body.errors[0].extensions.code).toBe('query_too_complex');
      expect(small.body.errors.map((e: { message: string }) => e.message)).toEqual([expect.stringMatching(/50 aliases/)]);
      return [big.status, small.status];
    });
    expect(statuses).toEqual([400, 400]);
  });

  it('refuses a page of 100 links times 5 aliases by cost, naming the limit', async () => {
    const pages = Array.from(
      { length: 5 },
      (_, i) => `p${i}: links(limit: 100) { data { id alias destination tags clicks short_url domain geo_targeting created_at updated_at } }`,
    );
    const res = await post(lsk.base, '/graphql', JSON.stringify({ query: `{ ${pages.join(' ')} }` }), { authorization: `Bearer ${key}` });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ extensions: { code: 'query_too_complex' }, message: expect.stringMatching(/cost.*5000/) });
    const four = await post(lsk.base, '/graphql', JSON.stringify({ query: `{ ${pages.slice(0, 4).join(' ')} }` }), { authorization: `Bearer ${key}` });
    expect(four.status).toBe(200);
  });

  it('keeps memory flat under 100 distinct 1 MB documents (caches are bounded by bytes and keyed by a hash)', async () => {
    const filler = 'x'.repeat(1024 * 1024 - 200);
    const statuses = await measured(lsk, table, '100 distinct 1 MB documents', async () => {
      const out: number[] = [];
      for (let i = 0; i < 100; i += 10) {
        const batch = Array.from({ length: 10 }, (_, j) =>
          post(lsk.base, '/graphql', JSON.stringify({ query: `{ workspace { slug } } # ${i + j} ${filler}` }), { authorization: `Bearer ${key}` }).then((r) => {
            expect(r.body.data).toEqual({ workspace: { slug: 'hostile' } });
            return r.status;
          }),
        );
        out.push(...(await Promise.all(batch)));
      }
      return out;
    });
    expect(new Set(statuses)).toEqual(new Set([200]));
  });

  it('answers a selection 3,500 deep, and deeply nested JSON, with 400 (never 500)', async () => {
    const deep = `{ ${'links { '.repeat(3500)}id${' }'.repeat(3500)} }`;
    const nestedJson = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const statuses = await measured(lsk, table, '3,500-deep selection, 200,000-deep JSON', async () => {
      const a = await post(lsk.base, '/graphql', JSON.stringify({ query: deep }), { authorization: `Bearer ${key}` });
      expect(a.body.errors[0].extensions.code).toBe('query_too_complex');
      const b = await post(lsk.base, '/graphql', `{"query": "{ workspace { slug } }", "variables": {"v": ${nestedJson}}}`, { authorization: `Bearer ${key}` });
      const c = await post(lsk.base, '/v1/links', `{"destination": "${D}", "tags": ${nestedJson}}`, { authorization: `Bearer ${key}` });
      expectError({ status: c.status, headers: c.headers, body: c.body, text: c.text }, 400, 'validation_failed', { paths: ['tags.0'] });
      const d = await post(lsk.base, '/v1/links', `{"destination": "${D}", "extra": ${nestedJson}}`, { authorization: `Bearer ${key}` });
      expectError({ status: d.status, headers: d.headers, body: d.body, text: d.text }, 400, 'validation_failed', { paths: ['extra'] });
      return [a.status, b.status, c.status, d.status];
    });
    // A variable the operation does not declare is ignored: the query itself runs.
    expect(statuses).toEqual([400, 200, 400, 400]);
  });

  it('caps the error of a 1 MB invalid body: at most 50 details, each message short', async () => {
    const before = (await allLinks(api)).length;
    const manyTags = JSON.stringify({ destination: D, tags: Array.from({ length: 200_000 }, () => 1) });
    const manyKeys = `{"destination": "${D}", ${Array.from({ length: 60_000 }, (_, i) => `"k${i}": 1`).join(', ')}}`;
    const longKey = JSON.stringify({ destination: D, [`k${'y'.repeat(900_000)}`]: 1 });
    const statuses = await measured(lsk, table, '1 MB invalid bodies (200,000 bad tags, 60,000 keys, a 900 KB key)', async () => {
      const out: number[] = [];
      for (const body of [manyTags, manyKeys, longKey]) {
        expect(Buffer.byteLength(body)).toBeLessThanOrEqual(1024 * 1024);
        const res = await post(lsk.base, '/v1/links', body, { authorization: `Bearer ${key}` });
        expect(res.body.error.code).toBe('validation_failed');
        expect(res.body.error.details.length).toBeLessThanOrEqual(50);
        for (const d of res.body.error.details) expect(d.path.length + d.message.length).toBeLessThanOrEqual(400);
        expect(res.bytes).toBeLessThan(20_000);
        out.push(res.status);
      }
      return out;
    });
    expect(statuses).toEqual([400, 400, 400]);
    expect((await allLinks(api)).length).toBe(before);
  });

  it('answers 408 request_timeout as JSON to headers that never complete, and closes the connection', async () => {
    const [status] = await measured(lsk, table, 'headers never completed', async () => {
      const { text, closedAfterMs } = await rawExchange(lsk.port, 'GET /v1/links HTTP/1.1\r\nHost: x\r\nX-Slow: 1', HEADERS_TIMEOUT_MS + 5000);
      expect(closedAfterMs).not.toBeNull();
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)).error.code).toBe('request_timeout');
      return [408];
    });
    expect(status).toBe(408);
  });

  it('answers 408 request_timeout as JSON to a body that never completes, and closes the connection', async () => {
    const before = (await allLinks(api)).length;
    const [status] = await measured(lsk, table, 'body never completed', async () => {
      const head = `POST /v1/links HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`;
      const { text, closedAfterMs } = await rawExchange(lsk.port, `${head}{"destination": "${D}"`, BODY_TIMEOUT_MS + 5000);
      expect(closedAfterMs).not.toBeNull();
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
      expect(body.error.code).toBe('request_timeout');
      expect(body.error.request_id).toBe(/x-request-id: (\S+)/i.exec(text)?.[1]);
      return [408];
    });
    expect(status).toBe(408);
    expect((await allLinks(api)).length).toBe(before);
  });

  it('keeps memory flat under 10,000 distinct large Host headers', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const get = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port: lsk.port, path: '/keep', agent, headers: { host } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end();
      });
    const statuses = await measured(lsk, table, '10,000 distinct 4 KB Host headers', async () => {
      const out: number[] = [];
      for (let i = 0; i < 10_000; i += 100) {
        out.push(...(await Promise.all(Array.from({ length: 100 }, (_, j) => get(`h${i + j}.${'a'.repeat(4000)}.example`)))));
      }
      return out;
    });
    agent.destroy();
    expect(new Set(statuses)).toEqual(new Set([404]));
    // The link still answers on its own host.
    expect(await get(`localhost:${lsk.port}`)).toBe(302);
  });

  it('refuses PATCH without a body: 400 validation_failed at (body), and the link is unchanged', async () => {
    const link = await createLink(api, { destination: D, tags: ['t'] });
    const res = await fetch(`${lsk.base}/v1/links/${link.id}`, { method: 'PATCH', headers: { authorization: `Bearer ${key}` } });
    const text = await res.text();
    expectError({ status: res.status, headers: res.headers, body: JSON.parse(text), text }, 400, 'validation_failed', { paths: ['(body)'] });
    expect(JSON.parse(text).error.details[0].message).toMatch(/JSON object/);
    expect((await api('GET', `/v1/links/${link.id}`)).body).toEqual(link);
    // An empty object is a (valid, empty) patch; POST /v1/keys keeps taking no body at all.
    expect((await api('PATCH', `/v1/links/${link.id}`, {})).status).toBe(200);
    expect((await fetch(`${lsk.base}/v1/keys`, { method: 'POST', headers: { authorization: `Bearer ${key}` } })).status).toBe(201);
  });

  it('names the path parameter at fault, on REST and GraphQL', async () => {
    expectError(await api('DELETE', '/v1/domains/bad%20host'), 400, 'validation_failed', { paths: ['host'] });
    expectError(await api('DELETE', `/v1/tags/${'t'.repeat(65)}`), 400, 'validation_failed', { paths: ['name'] });
    expectError(await api('PATCH', `/v1/tags/${'t'.repeat(65)}`, { name: 'ok' }), 400, 'validation_failed', { paths: ['name'] });
    const gql = graphql(lsk.base, key);
    const bad = await gql('mutation { deleteDomain(host: "bad host") updateTag(tag: "", name: "x") { name } }');
    expect(bad.body.errors.map((e: { path: string[]; extensions: { details: { path: string }[] } }) => [e.path[0], e.extensions.details[0]!.path])).toEqual([
      ['deleteDomain', 'host'],
      ['updateTag', 'tag'],
    ]);
  });

  it(`limits GraphQL without a key to ${ANON_RPM} requests a minute per address (429 with Retry-After)`, async () => {
    const anon = graphql(lsk.base);
    const statuses: number[] = [];
    for (let i = 0; i < ANON_RPM + 1; i++) statuses.push((await anon('{ __typename }')).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 429)).toHaveLength(statuses.length - statuses.indexOf(429));
    const refused = await anon('{ __schema { queryType { name } } }');
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].extensions.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // A caller with a key is not affected.
    expect((await graphql(lsk.base, key)('{ __typename }')).status).toBe(200);
  });
});
