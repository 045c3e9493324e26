/**
 * Every GraphQL error carries the request id (extensions.request_id, equal to X-Request-Id),
 * whichever path of the /graphql edge refused or failed the request: transport, body, key, plan,
 * parse, validation, document limits, variables, execution.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lsk, STORES, startLsk } from '../support/server.js';
import { BIG_PLAN, ERROR_STATUS } from './_assert.js';

describe.each(STORES)('request_id in every GraphQL error on %s', (store) => {
  let lsk: Lsk;
  let key: string;

  beforeAll(async () => {
    lsk = await startLsk(store, { env: { LSK_ANON_GRAPHQL_RPM: '5' } });
    key = await lsk.workspace('ids', BIG_PLAN);
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  /** Send a raw /graphql request; every error in the answer must carry the request id it was sent with. */
  async function expectIds(
    label: string,
    init: { method?: string; body?: string; headers?: Record<string, string>; query?: string },
    status: number,
    code: string,
  ) {
    const rid = `rid-${seenIds++}`;
    const res = await fetch(`${lsk.base}/graphql${init.query ?? ''}`, {
      method: init.method ?? 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-request-id': rid, ...init.headers },
      body: init.body,
    });
    const text = await res.text();
    const body = JSON.parse(text);
    expect(res.status, `${label}: ${text}`).toBe(status);
    expect(res.headers.get('x-request-id')).toBe(rid);
    expect(body.errors?.length, `${label}: ${text}`).toBeGreaterThan(0);
    for (const e of body.errors) {
      expect(e.extensions?.request_id, `${label}: ${text}`).toBe(rid);
      expect(e.extensions.code in ERROR_STATUS, e.extensions.code).toBe(true);
    }
    expect(
      body.errors.map((e: { extensions: { code: string } }) => e.extensions.code),
      label,
    ).toContain(code);
  }
  let seenIds = 0;
  const post = (query: string, variables?: unknown, headers: Record<string, string> = {}) => ({ body: JSON.stringify({ query, variables }), headers });
  const auth = () => ({ authorization: `Bearer ${key}` });

  it('carries the request id on every way /graphql can refuse or fail', async () => {
    await expectIds('a data field without a key', post('{ workspace { id } }'), 401, 'unauthorized');
    await expectIds('a malformed key', post('{ workspace { id } }', undefined, { authorization: 'Bearer lsk_live_nope' }), 401, 'invalid_api_key');
    await expectIds('not a bearer key', post('{ workspace { id } }', undefined, { authorization: 'Basic abc' }), 401, 'invalid_api_key');
    await expectIds('a syntax error', post('{ workspace { id ', undefined, auth()), 400, 'validation_failed');
    await expectIds('an unknown field', post('{ nope }', undefined, auth()), 400, 'validation_failed');
    await expectIds('a missing variable', post('query($id: ID!) { link(id: $id) { id } }', {}, auth()), 400, 'validation_failed');
    await expectIds('a variable of the wrong type', post('query($l: Int) { links(limit: $l) { next_cursor } }', { l: 'x' }, auth()), 400, 'validation_failed');
    await expectIds('an argument the schema refuses', post('{ links(limit: 0) { next_cursor } }', undefined, auth()), 400, 'validation_failed');
    await expectIds('a missing resource', post('{ link(id: "lnk_0000000000missing") { id } }', undefined, auth()), 404, 'not_found');
    await expectIds(
      'an unknown operation name',
      { body: JSON.stringify({ query: 'query A { workspace { id } }', operationName: 'B' }), headers: auth() },
      400,
      'validation_failed',
    );
    await expectIds(
      'two operations, none named',
      post('query A { workspace { id } } query B { workspace { id } }', undefined, auth()),
      400,
      'validation_failed',
    );
    await expectIds('a subscription', post('subscription { workspace { id } }', undefined, auth()), 400, 'validation_failed');
    await expectIds(
      'a mutation over GET',
      { method: 'GET', query: `?query=${encodeURIComponent('mutation { deleteLink(id: "lnk_0000000000a") }')}`, headers: auth() },
      405,
      'method_not_allowed',
    );
    await expectIds('a method /graphql does not answer', { method: 'DELETE', headers: auth() }, 405, 'method_not_allowed');
    await expectIds('no query', { body: '{}', headers: auth() }, 400, 'validation_failed');
    await expectIds(
      'variables that are not an object',
      { body: JSON.stringify({ query: '{ workspace { id } }', variables: [1] }), headers: auth() },
      400,
      'validation_failed',
    );
    await expectIds('a body that is not JSON', { body: '{"query": ', headers: auth() }, 400, 'invalid_json');
    await expectIds('GET variables that are not JSON', { method: 'GET', query: '?query=%7B__typename%7D&variables=%7B', headers: auth() }, 400, 'invalid_json');
    await expectIds(
      'a body that is not JSON by its type',
      { body: '{"query":"{ __typename }"}', headers: { ...auth(), 'content-type': 'text/plain' } },
      415,
      'unsupported_media_type',
    );
    await expectIds(
      'a body over 1 MiB',
      { body: JSON.stringify({ query: `{ __typename } #${'x'.repeat(1_100_000)}` }), headers: auth() },
      413,
      'payload_too_large',
    );
    await expectIds('too many aliases', post(`{ ${'a: __typename '.repeat(60)}}`, undefined, auth()), 400, 'query_too_complex');
    for (let i = 0; i < 5; i++)
      await fetch(`${lsk.base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
    await expectIds('too many requests without a key', post('{ __typename }'), 429, 'rate_limited');
  });
});
