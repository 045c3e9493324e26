import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliLines } from '../support/cli-in-process.js';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';

const gql = (query: string) => ({ query });

describe.each(STORES)('plan limits over HTTP on %s', (store) => {
  let lsk: Lsk;
  beforeAll(async () => {
    lsk = await startLsk(store);
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  it('a standard workspace shows its plan, and every authenticated response carries the headers', async () => {
    const api = client(lsk.base, await lsk.workspace('std'));
    const res = await api('GET', '/v1/workspace');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ slug: 'std', plan: 'standard', rate_limit_rpm: 100 });
    expect(res.headers.get('ratelimit-limit')).toBe('100');
    expect(res.headers.get('ratelimit-remaining')).toBe('99');
    expect(res.headers.get('ratelimit-policy')).toBe('100;w=60');
    expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    expect(res.headers.get('x-ratelimit-limit')).toBe('100');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('99');
    const bad = await api('POST', '/v1/links', { destination: 'ftp://x' });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('ratelimit-remaining')).toBe('98');
  });

  it('no authenticated answer may be kept by a cache: JSON, errors, GraphQL, CSV and event streams say no-store', async () => {
    const key = await lsk.workspace('private');
    const api = client(lsk.base, key);
    const answers: { status: number; headers: Headers }[] = [
      await api('GET', '/v1/workspace'),
      await api('POST', '/v1/links', { destination: 'ftp://x' }),
      await api('POST', '/graphql', gql('{ workspace { slug } }')),
    ];
    for (const path of ['/v1/links/export', '/v1/analytics/events?format=ndjson']) {
      const res = await fetch(lsk.base + path, { headers: { authorization: `Bearer ${key}` } });
      await res.arrayBuffer();
      answers.push(res);
    }
    expect(answers.map((r) => [r.status, r.headers.get('cache-control')])).toEqual([
      [200, 'no-store'],
      [400, 'no-store'],
      [200, 'no-store'],
      [200, 'no-store'],
      [200, 'no-store'],
    ]);
    // The dashboard's and the public share page's own caching are untouched (no key: no charge).
    expect((await fetch(`${lsk.base}/healthz`)).headers.get('cache-control')).toBeNull();
  });

  it('an advanced workspace gets 500', async () => {
    const api = client(lsk.base, await lsk.workspace('adv', ['--plan', 'advanced']));
    const res = await api('GET', '/v1/workspace');
    expect(res.body).toMatchObject({ plan: 'advanced', rate_limit_rpm: 500 });
    expect(res.headers.get('ratelimit-limit')).toBe('500');
  });

  it('a custom workspace gets exactly its limit through REST and GraphQL mixed, then 429 with Retry-After', async () => {
    const key = await lsk.workspace('tiny', ['--rpm', '7']);
    const api = client(lsk.base, key);
    expect((await api('GET', '/v1/links')).status).toBe(200); // 1
    expect((await api('POST', '/graphql', gql('{ a: workspace { slug } b: tags { data { name } } }'))).status).toBe(200); // 3
    const intro = await api('POST', '/graphql', gql('{ __schema { queryType { name } } }')); // free
    expect(intro.status).toBe(200);
    expect((await api('POST', '/v1/links', { destination: 'https://a.test/' })).status).toBe(201); // 4
    const three = await api('POST', '/graphql', gql('{ a: workspace { slug } b: workspace { slug } c: workspace { slug } }'));
    expect(three.status).toBe(200); // 7
    expect(three.headers.get('ratelimit-remaining')).toBe('0');
    const refused = await api('GET', '/v1/links');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'rate_limited', request_id: refused.headers.get('x-request-id') });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(61);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    const gqlRefused = await api('POST', '/graphql', gql('{ workspace { slug } }'));
    expect(gqlRefused.status).toBe(429);
    expect(gqlRefused.body.errors[0].extensions.code).toBe('rate_limited');
    expect(gqlRefused.headers.get('retry-after')).toBeTruthy();
  });

  it('aliases cannot multiply work past the plan: an operation costing more than what is left is refused whole', async () => {
    const api = client(lsk.base, await lsk.workspace('alias', ['--rpm', '3']));
    const four = await api('POST', '/graphql', gql('{ a: workspace { slug } b: workspace { slug } c: workspace { slug } d: workspace { slug } }'));
    expect(four.status).toBe(429);
    expect((await api('POST', '/graphql', gql('{ a: workspace { slug } b: workspace { slug } }'))).status).toBe(200);
  });

  it('workspaces are limited apart, across all keys of one workspace together', async () => {
    const k1 = await lsk.workspace('shared', ['--rpm', '4']);
    const k2 = (await cliLines(['key', 'create', '--workspace', 'shared', '--name', 'second'], lsk.env)).at(-1)!;
    const other = client(lsk.base, await lsk.workspace('apart', ['--rpm', '4']));
    const a = client(lsk.base, k1);
    const b = client(lsk.base, k2);
    const statuses = [];
    for (const api of [a, b, a, b, a]) statuses.push((await api('GET', '/v1/tags')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect((await other('GET', '/v1/tags')).status).toBe(200);
  });

  it('set-plan changes the limit within seconds, without a restart', async () => {
    const api = client(lsk.base, await lsk.workspace('grow', ['--rpm', '2']));
    expect((await api('GET', '/v1/workspace')).headers.get('ratelimit-limit')).toBe('2');
    const r = await lsk.cli(['workspace', 'set-plan', 'grow', '--plan', 'advanced']);
    expect(r.code).toBe(0);
    const res = await waitFor(
      () => api('GET', '/v1/workspace'),
      (r) => r.headers.get('ratelimit-limit') === '500',
      { timeout: 5000, interval: 250 },
    );
    expect(res.headers.get('ratelimit-limit')).toBe('500');
    expect(res.body).toMatchObject({ plan: 'advanced', rate_limit_rpm: 500 });
  });

  it('per-field limits (graphql-rate-limit) hold on key creation, with the same code', async () => {
    const api = client(lsk.base, await lsk.workspace('keys'));
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await api('POST', '/v1/keys', { name: `k${i}` })).status);
    expect(statuses.every((s) => s === 201)).toBe(true);
    const refused = await api('POST', '/v1/keys', { name: 'k10' });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    // Until the oldest of the 10 calls leaves the minute: they were all just made.
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(50);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    const res = await api('POST', '/graphql', gql('mutation { createKey(name: "x") { id } }'));
    expect(res.body.errors[0].extensions.code).toBe('rate_limited');
    expect((await api('GET', '/v1/keys')).body.data).toHaveLength(11);
  });

  it('slows down repeated failed authentication from one address', async () => {
    const bad = client(lsk.base, 'lsk_live_nope');
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await bad('GET', '/v1/links')).status);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});
