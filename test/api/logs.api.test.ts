/**
 * Request logs as the server writes them (JSON lines on stdout): one line per request
 * with method, path template, status, duration, request id and error code; probes, scrapes and
 * redirects only at debug; never a key, a cookie, a query string or a body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, STORES, startLsk, visit } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';
import { BIG_PLAN, graphql } from './_assert.js';

type Line = Record<string, unknown> & { req?: { id: string; method: string; url: string }; res?: { statusCode: number } };

function lines(lsk: Lsk): Line[] {
  return lsk
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Line);
}

/** The request line of a request id, once the server has written it. */
async function lineOf(lsk: Lsk, id: string): Promise<Line> {
  const found = await waitFor(
    () => lines(lsk).filter((l) => l.req?.id === id),
    (f) => f.length > 0,
    { timeout: 5000 },
  );
  if (found.length === 0) throw new Error(`no log line for ${id}:\n${lsk.output().slice(-3000)}`);
  expect(found, `one line for ${id}`).toHaveLength(1);
  return found[0]!;
}

function expectRequestLine(line: Line, level: number, method: string, url: string, route: string, status: number, errorCode?: string): void {
  const keys = ['level', 'time', 'service', 'req', 'route', 'res', 'responseTime', 'msg', ...(errorCode ? ['error_code'] : [])];
  expect(Object.keys(line).sort()).toEqual(keys.sort());
  expect(line).toMatchObject({ level, req: { method, url }, route, res: { statusCode: status }, ...(errorCode ? { error_code: errorCode } : {}) });
  expect(Object.keys(line.req!).sort()).toEqual(['id', 'method', 'url']);
  expect(Object.keys(line.res!)).toEqual(['statusCode']);
  expect(typeof line.responseTime).toBe('number');
  expect(line.msg).toBe(status >= 500 ? 'request errored' : 'request completed');
}

const SECRETS = { cookie: 'COOKIE-SECRET-VALUE-7f3a', body: 'PRIVATE-BODY-MARKER-91c2', query: 'PRIVATE-QUERY-4d1e', gql: 'PRIVATE-GQL-ARG-0b7d' };

describe.each(STORES)('request logs at info on %s', (store) => {
  let lsk: Lsk;
  let key: string;
  let linkId: string;

  beforeAll(async () => {
    lsk = await startLsk(store, { env: { LOG_LEVEL: 'info' } });
    key = await lsk.workspace('logs', BIG_PLAN);
    const api = client(lsk.base, key);
    const anon = client(lsk.base);
    const id = (rid: string) => ({ 'x-request-id': rid, cookie: `lsk_session=${SECRETS.cookie}` });
    // The quiet ones first: when the last line below is out, these would be too.
    expect((await anon('GET', '/healthz', undefined, id('quiet-health'))).status).toBe(200);
    expect((await anon('GET', '/readyz', undefined, id('quiet-ready'))).status).toBe(200);
    expect((await anon('GET', '/metrics', undefined, id('quiet-metrics'))).status).toBe(200);
    const created = await api('POST', '/v1/links', { destination: `https://example.com/${SECRETS.body}`, alias: 'logged' }, id('rest-create'));
    expect(created.status).toBe(201);
    linkId = created.body.id;
    expect((await visit(lsk.base, `/logged?${SECRETS.query}=1`, { host: `localhost:${lsk.port}`, 'x-request-id': 'quiet-redirect' })).status).toBe(302);
    expect((await api('GET', `/v1/links/${linkId}`, undefined, id('rest-get'))).status).toBe(200);
    expect((await api('GET', `/v1/links?q=${SECRETS.query}`, undefined, id('rest-list'))).status).toBe(200);
    expect((await graphql(lsk.base, key)(`{ links(q: "${SECRETS.gql}") { data { id } } }`, undefined, id('gql-ok'))).status).toBe(200);
    expect((await api('GET', '/v1/links/lnk_0000000000missing', undefined, id('err-404'))).status).toBe(404);
    expect((await api('POST', '/v1/links', { destination: SECRETS.body }, id('err-400'))).status).toBe(400);
    // Without the cookie: a session cookie without X-Lsk-Csrf is refused first (403 csrf_failed).
    expect((await graphql(lsk.base)('{ workspace { id } }', undefined, { 'x-request-id': 'gql-401' })).status).toBe(401);
    expect((await graphql(lsk.base, key)('{ workspace { id ', undefined, id('gql-syntax'))).status).toBe(400);
    expect((await anon('PUT', `/v1/links/${linkId}`, undefined, id('err-405'))).status).toBe(405);
    await lineOf(lsk, 'err-405');
  });
  afterAll(async () => {
    if (lsk && lsk.proc.exitCode !== null) console.log(lsk.output().slice(-5000));
    await lsk?.stop();
  });

  it('writes a REST call as method, path template, route, status and duration', async () => {
    expectRequestLine(await lineOf(lsk, 'rest-create'), 30, 'POST', '/v1/links', 'createLink', 201);
    expectRequestLine(await lineOf(lsk, 'rest-get'), 30, 'GET', '/v1/links/{id}', 'link', 200);
    expectRequestLine(await lineOf(lsk, 'rest-list'), 30, 'GET', '/v1/links', 'links', 200);
  });

  it('writes a GraphQL call', async () => {
    expectRequestLine(await lineOf(lsk, 'gql-ok'), 30, 'POST', '/graphql', 'graphql', 200);
  });

  it('adds the error code when the answer is an error, REST and GraphQL alike', async () => {
    expectRequestLine(await lineOf(lsk, 'err-404'), 30, 'GET', '/v1/links/{id}', 'link', 404, 'not_found');
    expectRequestLine(await lineOf(lsk, 'err-400'), 30, 'POST', '/v1/links', 'createLink', 400, 'validation_failed');
    expectRequestLine(await lineOf(lsk, 'gql-401'), 30, 'POST', '/graphql', 'graphql', 401, 'unauthorized');
    expectRequestLine(await lineOf(lsk, 'gql-syntax'), 30, 'POST', '/graphql', 'graphql', 400, 'validation_failed');
    expectRequestLine(await lineOf(lsk, 'err-405'), 30, 'PUT', '/v1/links/{id}', 'unmatched', 405, 'method_not_allowed');
  });

  it('writes nothing at info for health checks, readiness, scrapes and redirects', () => {
    const ids = lines(lsk).map((l) => l.req?.id);
    for (const quiet of ['quiet-health', 'quiet-ready', 'quiet-metrics', 'quiet-redirect']) expect(ids).not.toContain(quiet);
  });

  it('never writes a key, a cookie, a header, a query string, a body or a raw id', () => {
    const out = lsk.output();
    expect(out).not.toContain(key);
    expect(out).not.toContain(key.split('.')[2]);
    for (const secret of Object.values(SECRETS)) expect(out).not.toContain(secret);
    expect(out).not.toContain(linkId);
    expect(out.toLowerCase()).not.toMatch(/authorization|cookie|user-agent|"headers"/);
  });
});

describe.each(STORES)('request logs at debug on %s', (store) => {
  let lsk: Lsk;

  beforeAll(async () => {
    lsk = await startLsk(store, { env: { LOG_LEVEL: 'debug' } });
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  it('writes health checks, scrapes and redirects (found or not) at debug', async () => {
    const anon = client(lsk.base);
    await anon('GET', '/healthz', undefined, { 'x-request-id': 'dbg-health' });
    await anon('GET', '/metrics', undefined, { 'x-request-id': 'dbg-metrics' });
    const missing = await visit(lsk.base, '/no-such-alias?email=someone@example.com', { host: `localhost:${lsk.port}`, 'x-request-id': 'dbg-redirect' });
    expect(missing.status).toBe(404);
    expectRequestLine(await lineOf(lsk, 'dbg-health'), 20, 'GET', '/healthz', 'healthz', 200);
    expectRequestLine(await lineOf(lsk, 'dbg-metrics'), 20, 'GET', '/metrics', 'metrics', 200);
    expectRequestLine(await lineOf(lsk, 'dbg-redirect'), 20, 'GET', '/{alias}', 'redirect', 404, 'not_found');
    expect(lsk.output()).not.toContain('someone@example.com');
    expect(lsk.output()).not.toContain('no-such-alias');
  });
});
