/**
 * /metrics against a real server: calls on every kind of route (service routes, every REST
 * operation of the served OpenAPI document, GraphQL, redirects, unmatched paths, a CORS preflight),
 * then one scrape checked for names, types and labels, and by promtool. LSK_METRICS_TOKEN guards it.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Exposition, parseExposition, promtoolCheck } from '../support/prometheus.js';
import { client, freePort, freshDatabaseUrl, type Lsk, SERVER_JS, STORES, startLsk, visit } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';
import { BIG_PLAN, createLink, graphql } from './_assert.js';

const TOKEN = 'scrape-token-0123456789abcdef';
const ORIGIN = 'https://app.example';

interface Operation {
  operationId: string;
  method: string;
  path: string;
}

/** Every operation of the served document, its path parameters filled with values of the right form. */
async function operations(base: string): Promise<Operation[]> {
  const doc = await (await fetch(`${base}/v1/openapi.json`)).json();
  const out: Operation[] = [];
  for (const [template, ops] of Object.entries<
    Record<string, { operationId?: string; parameters?: { in: string; name: string; schema?: { pattern?: string } }[] }>
  >(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!op.operationId) continue;
      let path = template;
      for (const p of op.parameters ?? []) {
        if (p.in !== 'path') continue;
        const prefix = /^\^(lnk|key)_/.exec(p.schema?.pattern ?? '')?.[1];
        const value = prefix ? `${prefix}_0000000000missing` : p.name === 'host' ? 'no-such.example' : 'no-such-tag';
        path = path.replace(`{${p.name}}`, value);
      }
      out.push({ operationId: op.operationId, method: method.toUpperCase(), path: `/v1${path}` });
    }
  }
  return out;
}

function samples(e: Exposition, name: string, labels: Record<string, string> = {}) {
  return e.samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
}

describe.each(STORES)('metrics on %s', (store) => {
  let lsk: Lsk;
  let key: string;
  let ops: Operation[];
  let text: string;
  let scrape: Exposition;

  const scrapeNow = async () => {
    const res = await fetch(`${lsk.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    return res.text();
  };

  beforeAll(async () => {
    lsk = await startLsk(store, { env: { LSK_METRICS_TOKEN: TOKEN, LSK_CORS_ORIGINS: ORIGIN } });
    key = await lsk.workspace('metrics', BIG_PLAN);
    const api = client(lsk.base, key);
    const anon = client(lsk.base);
    ops = await operations(lsk.base);
    // Service routes, and one of them with a method it does not answer.
    for (const path of [
      '/healthz',
      '/readyz',
      '/.well-known/jwks.json',
      '/v1/openapi.json',
      '/docs',
      '/docs/assets/swagger-ui.css',
      '/graphiql/graphiql.css',
    ]) {
      expect((await anon('GET', path)).status, path).toBe(200);
    }
    expect((await anon('POST', '/healthz')).status).toBe(405);
    // Every REST operation refused (no key), and the link calls answered.
    for (const op of ops) expect((await anon(op.method, op.path)).status, `${op.method} ${op.path}`).toBe(401);
    const link = await createLink(api, { destination: 'https://example.com/landing', alias: 'promo' });
    expect((await api('GET', `/v1/links/${link.id}`)).status).toBe(200);
    expect((await api('GET', '/v1/links/lnk_0000000000missing')).status).toBe(404);
    expect((await api('POST', '/v1/links', { destination: 5 })).status).toBe(400);
    // GraphQL with and without a key.
    expect((await graphql(lsk.base, key)('{ workspace { id } }')).status).toBe(200);
    expect((await graphql(lsk.base)('{ workspace { id } }')).status).toBe(401);
    // Redirects (a click to write), unmatched paths, a CORS preflight.
    const host = { host: `localhost:${lsk.port}` };
    expect((await visit(lsk.base, '/promo', host)).status).toBe(302);
    expect((await visit(lsk.base, '/promo', host, 'HEAD')).status).toBe(302);
    expect((await visit(lsk.base, '/no-such-alias', host)).status).toBe(404);
    expect((await anon('GET', '/v1/nothing-here')).status).toBe(404);
    expect((await anon('DELETE', '/promo')).status).toBe(405);
    const preflight = await anon('OPTIONS', '/v1/links', undefined, { origin: ORIGIN, 'access-control-request-method': 'POST' });
    expect(preflight.status).toBe(204);
    // One scrape to be counted: a scrape's own request is counted after its answer, so the kept one
    // shows it only if an earlier scrape was made (the wait below may need only one).
    expect(parseExposition(await scrapeNow()).types.size).toBeGreaterThan(0);
    // Clicks leave the queue within a flush interval (1 s).
    text = await waitFor(scrapeNow, (t) => (samples(parseExposition(t), 'lsk_clicks_written_total')[0]?.value ?? 0) >= 1, { timeout: 5000, interval: 100 });
    scrape = parseExposition(text);
  });
  afterAll(async () => {
    if (lsk && lsk.proc.exitCode !== null) console.log(lsk.output().slice(-5000));
    await lsk?.stop();
  });

  it('answers /metrics only with the bearer token when LSK_METRICS_TOKEN is set', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', `Basic ${TOKEN}`, TOKEN, `Bearer ${key}`]) {
      const res = await client(lsk.base)('GET', '/metrics', undefined, authorization ? { authorization } : {});
      expect(res.status, authorization).toBe(401);
      expect(res.body.error).toMatchObject({ code: 'unauthorized', request_id: res.headers.get('x-request-id') });
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(res.text).not.toContain('lsk_http_requests_total');
    }
    const after = parseExposition(await scrapeNow());
    expect(samples(after, 'lsk_http_requests_total', { route: 'metrics', method: 'GET', status: '401' })[0]?.value).toBe(5);
  });

  it('passes promtool check metrics with no problem reported', async () => {
    const { code, output } = await promtoolCheck(text);
    expect(output).toBe('');
    expect(code).toBe(0);
  });

  it('types every _total family as a counter and every counter as _total', () => {
    expect(scrape.types.size).toBeGreaterThan(20);
    for (const [name, type] of scrape.types) {
      if (name.endsWith('_total')) expect(type, name).toBe('counter');
      if (type === 'counter') expect(name).toMatch(/_total$/);
    }
  });

  it("exports the service's own metrics with lsk_ names in base units, and process and runtime metrics", () => {
    const expected: Record<string, string> = {
      lsk_http_requests_total: 'counter',
      lsk_http_request_duration_seconds: 'histogram',
      lsk_clicks_pending: 'gauge',
      lsk_clicks_written_total: 'counter',
      lsk_clicks_dropped_total: 'counter',
      lsk_redirect_cache_entries: 'gauge',
      lsk_redirect_stale_total: 'counter',
      lsk_store_errors_total: 'counter',
      process_cpu_seconds_total: 'counter',
      process_resident_memory_bytes: 'gauge',
      process_start_time_seconds: 'gauge',
      nodejs_heap_size_used_bytes: 'gauge',
      nodejs_eventloop_lag_seconds: 'gauge',
      nodejs_gc_duration_seconds: 'histogram',
    };
    for (const [name, type] of Object.entries(expected)) expect(scrape.types.get(name), name).toBe(type);
    for (const name of scrape.types.keys()) expect(name).toMatch(/^(lsk|process|nodejs)_[a-z0-9_]+$/);
    expect(samples(scrape, 'lsk_clicks_written_total')[0]?.value).toBeGreaterThanOrEqual(1);
    expect(samples(scrape, 'lsk_clicks_dropped_total')[0]?.value).toBe(0);
    expect(samples(scrape, 'lsk_clicks_pending')[0]?.value).toBeGreaterThanOrEqual(0);
    expect(samples(scrape, 'lsk_redirect_cache_entries')[0]?.value).toBeGreaterThanOrEqual(1);
    expect(samples(scrape, 'lsk_redirect_stale_total')[0]?.value).toBe(0);
    expect(samples(scrape, 'process_resident_memory_bytes')[0]?.value).toBeGreaterThan(1e6);
    expect(samples(scrape, 'lsk_store_errors_total')).toEqual([]);
  });

  it('labels every request with the route it matched, whatever the answer', () => {
    const seen = (route: string, method: string, status: number) =>
      samples(scrape, 'lsk_http_requests_total', { route, method, status: String(status) })[0]?.value ?? 0;
    for (const route of ['healthz', 'readyz', 'jwks', 'openapi', 'docs']) expect(seen(route, 'GET', 200), route).toBeGreaterThanOrEqual(1);
    expect(seen('static', 'GET', 200)).toBe(2);
    expect(seen('healthz', 'POST', 405)).toBe(1);
    for (const op of ops) expect(seen(op.operationId, op.method, 401), op.operationId).toBeGreaterThanOrEqual(1);
    expect(ops.map((o) => o.operationId)).toEqual(expect.arrayContaining(['createLink', 'links', 'link', 'updateLink', 'revokeKey', 'workspace']));
    expect(seen('createLink', 'POST', 201)).toBe(1);
    expect(seen('createLink', 'POST', 400)).toBe(1);
    expect(seen('link', 'GET', 200)).toBe(1);
    expect(seen('link', 'GET', 404)).toBe(1);
    expect(seen('graphql', 'POST', 200)).toBe(1);
    expect(seen('graphql', 'POST', 401)).toBe(1);
    expect(seen('redirect', 'GET', 302)).toBe(1);
    expect(seen('redirect', 'HEAD', 302)).toBe(1);
    expect(seen('redirect', 'GET', 404)).toBe(1);
    expect(seen('unmatched', 'GET', 404)).toBe(1);
    expect(seen('unmatched', 'DELETE', 405)).toBe(1);
    expect(seen('cors_preflight', 'OPTIONS', 204)).toBe(1);
    expect(seen('metrics', 'GET', 200)).toBeGreaterThanOrEqual(1);
    const routes = new Set(samples(scrape, 'lsk_http_requests_total').map((s) => s.labels.route));
    for (const generic of ['other', 'rest', '']) expect(routes.has(generic), generic).toBe(false);
    for (const s of samples(scrape, 'lsk_http_requests_total')) expect(Object.keys(s.labels).sort()).toEqual(['method', 'route', 'status']);
  });

  it('times requests per route and method in cumulative histograms, redirects included', () => {
    for (const [route, method] of [
      ['redirect', 'GET'],
      ['redirect', 'HEAD'],
      ['createLink', 'POST'],
      ['graphql', 'POST'],
      ['healthz', 'GET'],
    ] as const) {
      const buckets = samples(scrape, 'lsk_http_request_duration_seconds_bucket', { route, method });
      const bounds = buckets.map((b) => b.labels.le);
      expect(bounds[0]).toBe('0.0001');
      expect(bounds.at(-1)).toBe('+Inf');
      for (let i = 1; i < buckets.length; i++) expect(buckets[i]!.value).toBeGreaterThanOrEqual(buckets[i - 1]!.value);
      const count = samples(scrape, 'lsk_http_request_duration_seconds_count', { route, method })[0]!.value;
      expect(buckets.at(-1)!.value).toBe(count);
      expect(count).toBeGreaterThanOrEqual(1);
      expect(samples(scrape, 'lsk_http_request_duration_seconds_sum', { route, method })[0]!.value).toBeGreaterThan(0);
    }
  });
});

describe('LSK_METRICS_TOKEN', () => {
  it('refuses a token too short to guess at, in one line, before listening', async () => {
    const port = await freePort();
    const db = freshDatabaseUrl('sqlite');
    const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: db.url, LSK_METRICS_TOKEN: 'short' };
    const p = spawn(process.execPath, [SERVER_JS], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => p.on('exit', resolve));
    db.cleanup();
    expect(code).not.toBe(0);
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(err).toContain('LSK_METRICS_TOKEN: must be 16 to 512 printable characters without spaces');
  });

  it('leaves /metrics open when unset', async () => {
    const lsk = await startLsk('sqlite');
    try {
      const res = await fetch(`${lsk.base}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('# TYPE lsk_http_requests_total counter');
    } finally {
      await lsk.stop();
    }
  });
});
