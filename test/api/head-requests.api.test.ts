/**
 * HEAD is GET without the body (RFC 9110 §9.3.2), through the real server on both stores: every GET
 * route of /v1 (from the route table), the streams, GraphQL GET and the service's own pages answer
 * HEAD with GET's status and headers and not one byte of body (read off the raw socket); auth and the
 * plan's rate limit apply as to GET; a streamed export is not run (no audit entry); and a 405 names
 * the route's methods in Allow.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REST_ROUTES } from '../../src/v1/routes.js';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { BIG_PLAN } from './_assert.js';

/** Headers HEAD must repeat from GET (the others differ per request: date, request id, remaining units). */
const SAME = ['content-type', 'content-length', 'content-disposition', 'cache-control', 'allow', 'ratelimit-limit', 'ratelimit-policy'];

interface Raw {
  status: number;
  headers: Record<string, string>;
  /** Every byte after the header block. */
  rest: string;
}

/** A request on a raw socket (Connection: close), everything the server sent kept. */
function raw(base: string, method: string, path: string, key?: string): Promise<Raw> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(u.port), u.hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const cut = text.indexOf('\r\n\r\n');
      const [statusLine, ...lines] = text.slice(0, cut).split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, rest: text.slice(cut + 4) });
    });
    const auth = key ? `Authorization: Bearer ${key}\r\n` : '';
    socket.write(`${method} ${path} HTTP/1.1\r\nHost: ${u.host}\r\n${auth}Connection: close\r\n\r\n`);
  });
}

describe.each(STORES)('HEAD requests on %s', (store) => {
  let lsk: Lsk;
  let key: string;
  let api: ReturnType<typeof client>;
  const params: Record<string, string> = {};

  /** GET then HEAD of `path`: the same status and headers, and HEAD sends no body. */
  async function same(path: string, withKey = true, varies: string[] = []): Promise<{ get: Raw; head: Raw }> {
    const get = await raw(lsk.base, 'GET', path, withKey ? key : undefined);
    const head = await raw(lsk.base, 'HEAD', path, withKey ? key : undefined);
    expect(head.status, `HEAD ${path}: ${get.rest.slice(0, 200)}`).toBe(get.status);
    for (const h of SAME.filter((n) => !varies.includes(n))) expect(head.headers[h], `HEAD ${path}: ${h}`).toBe(get.headers[h]);
    expect(head.headers['x-request-id'], path).toBeTruthy();
    expect(head.rest, `HEAD ${path} sent a body`).toBe('');
    return { get, head };
  }

  beforeAll(async () => {
    lsk = await startLsk(store);
    key = await lsk.workspace('heads', BIG_PLAN);
    api = client(lsk.base, key);
    const link = await api('POST', '/v1/links', { destination: 'https://example.com/head', tags: ['h'] });
    expect(link.status, link.text).toBe(201);
    const hook = await api('POST', '/v1/webhooks', { url: 'https://hooks.invalid/in', events: ['link.created'] });
    expect(hook.status, hook.text).toBe(201);
    params.id = link.body.id;
    params.webhook = hook.body.id;
  }, 60_000);
  afterAll(async () => {
    await lsk?.stop();
  });

  it('answers HEAD on every GET route of /v1 as GET, without a body', async () => {
    const gets = REST_ROUTES.filter((r) => r.method === 'GET');
    expect(gets.length).toBeGreaterThan(15);
    for (const r of gets) {
      const id = r.path.startsWith('/webhooks') ? params.webhook! : r.path.startsWith('/links') ? params.id! : 'x_unknown';
      const { get } = await same(`/v1${r.path.replace(/:[a-z_]+/g, id)}`);
      if (id !== 'x_unknown') expect(get.status, r.path).toBe(200);
    }
  });

  it('answers HEAD on the streams with their headers only, and runs no export', async () => {
    const before = (await api('GET', '/v1/audit-log?limit=100')).body.data.length;
    for (const path of [
      '/v1/links/export',
      '/v1/audit-log?format=csv',
      '/v1/analytics/events?format=csv',
      '/v1/analytics/events?format=ndjson',
      '/v1/analytics?format=csv',
    ]) {
      const { head } = await same(path);
      expect(head.status, path).toBe(200);
    }
    expect((await same('/v1/analytics/events?format=csv&from=soon')).head.status).toBe(400);
    const entries = (await api('GET', '/v1/audit-log?limit=100')).body.data as { action: string }[];
    // The GETs were recorded (two exports); the HEADs added nothing.
    expect(entries.length - before).toBe(2);
    expect(
      entries
        .filter((e) => e.action.endsWith('.exported'))
        .map((e) => e.action)
        .sort(),
    ).toEqual(['audit_log.exported', 'links.exported']);
  });

  it('authenticates and charges HEAD as GET', async () => {
    expect((await same('/v1/links', false)).head.status).toBe(401);
    const first = await raw(lsk.base, 'HEAD', '/v1/links', key);
    const second = await raw(lsk.base, 'HEAD', '/v1/links', key);
    expect(Number(second.headers['ratelimit-remaining'])).toBeLessThan(Number(first.headers['ratelimit-remaining']));
  });

  it("answers HEAD on GraphQL GET and the service's own pages", async () => {
    expect((await same(`/graphql?query=${encodeURIComponent('{ workspace { id } }')}`)).head.status).toBe(200);
    for (const path of ['/v1/openapi.json', '/healthz', '/readyz', '/docs', '/.well-known/jwks.json']) {
      expect((await same(path, false)).head.status, path).toBe(200);
    }
    // The metrics change between two requests (this one counted), so their length may too.
    const metrics = await same('/metrics', false, ['content-length']);
    expect(metrics.head.headers['content-length']).toMatch(/^\d+$/);
  });

  it('names the methods of the route in Allow on a 405, HEAD beside GET', async () => {
    const cases: [string, string, string][] = [
      ['PUT', '/v1/links', 'GET, HEAD, POST'],
      ['POST', '/v1/links/export', 'GET, HEAD'],
      ['PUT', '/v1/keys', 'GET, HEAD, POST'],
      ['PUT', '/graphql', 'GET, HEAD, POST'],
      ['DELETE', '/healthz', 'GET, HEAD'],
    ];
    for (const [method, path, allow] of cases) {
      const res = await raw(lsk.base, method, path, key);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.allow?.split(', ').sort(), `${method} ${path}`).toEqual(allow.split(', ').sort());
    }
  });
});
