/**
 * Error messages for people: a broad table of bad inputs on every REST route (body, query string,
 * path parameters) and on GraphQL (arguments and variables), and no message may carry zod's or any
 * validator's default wording. Every GraphQL error, whichever path of the /graphql edge refused the
 * request, carries the request id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, client, type Lsk, STORES, startLsk } from '../support/server.js';
import { BIG_PLAN, ERROR_STATUS, graphql } from './_assert.js';

/**
 * zod's default sentences (v4's English locale, and v3's for good measure). graphql-js's own
 * coercion messages ("Variable "$d" got invalid value 5; ...") are the GraphQL standard's, not zod's.
 */
const DEFAULT_WORDING = [
  /\bInvalid input\b/,
  /\bexpected [a-z]+, received [a-z]+/i,
  /\bInvalid option: expected/,
  /\bToo (big|small): expected/,
  /\bInvalid string: must/,
  /\bInvalid number: must/,
  /\bInvalid (email address|URL|emoji|UUID\w*|nanoid|GUID|cuid2?|ULID|XID|KSUID|ISO (datetime|date|time|duration)|IPv[46] (address|range)|MAC address|base64(url)?-encoded string|JSON string|E\.164 number|currency code|credit card number|IBAN|JWT)\b/,
  /\bUnrecognized keys?:/,
  /\bInvalid (key|value|element) in\b/,
  /\bInvalid discriminator value\b/,
  /^Required$/,
  /\b(String|Number|Array|Set) must (contain|be)\b/,
  /\bInvalid (enum|literal) value\b/,
  /\bExpected (string|number|boolean|object|array|integer|never), received\b/,
];

/**
 * A detail completes its path into a sentence ("destination" + "must be a string"), as the
 * summary message shows it: it starts with a verb, or names a quoted value ('"v1" is reserved...').
 */
const PREDICATE = /^(is|are|must|may|has|cannot|"[^"]+" is)\b/;

/** Every sentence of an answer: REST envelope or GraphQL errors, with their details. */
function messagesOf(res: ApiResponse): string[] {
  const out: string[] = [];
  const details = (d: unknown) => {
    for (const x of (d as { path: string; message: string }[] | undefined) ?? []) {
      expect(x.message, `${x.path} ${x.message}`).toMatch(PREDICATE);
      out.push(`${x.path}: ${x.message}`);
    }
  };
  if (res.body?.error) {
    out.push(res.body.error.message);
    details(res.body.error.details);
  }
  for (const e of res.body?.errors ?? []) {
    out.push(e.message);
    details(e.extensions?.details);
  }
  return out;
}

const D = 'https://example.com/';
const LONG = 'x'.repeat(9000);

/** Bodies that break each rule of the link fields (create, and update where it makes sense). */
const BAD_LINK_FIELDS: Record<string, unknown>[] = [
  { destination: 5 },
  { destination: null },
  { destination: '' },
  { destination: 'example.com' },
  { destination: 'ftp://example.com/' },
  { destination: 'javascript:alert(1)' },
  { destination: `https://example.com/${LONG}` },
  { destination: ['https://example.com/'] },
  { destination: D, alias: '' },
  { destination: D, alias: 5 },
  { destination: D, alias: 'a b' },
  { destination: D, alias: '/lead' },
  { destination: D, alias: 'a//b' },
  { destination: D, alias: 'v1' },
  { destination: D, alias: 'x'.repeat(200) },
  { destination: D, domain: 5 },
  { destination: D, domain: '' },
  { destination: D, domain: 'bad host!' },
  { destination: D, domain: 'example.com:8080' },
  { destination: D, geo_targeting: [] },
  { destination: D, geo_targeting: 'US' },
  { destination: D, geo_targeting: { XX: D } },
  { destination: D, geo_targeting: { us: D } },
  { destination: D, geo_targeting: { US: 5 } },
  { destination: D, geo_targeting: { US: 'javascript:x' } },
  { destination: D, geo_targeting: { US: null } },
  { destination: D, geo_targeting: JSON.parse('{"__proto__": "https://a.example/"}') },
  { destination: D, tags: 'x' },
  { destination: D, tags: [5] },
  { destination: D, tags: [''] },
  { destination: D, tags: ['   '] },
  { destination: D, tags: [null] },
  { destination: D, tags: ['x'.repeat(65)] },
  { destination: D, tags: Array.from({ length: 26 }, (_, i) => `t${i}`) },
  { destination: D, colour: 'red' },
  { destination: D, constructor: 1 },
];

const LINK_ARGS = ['destination', 'alias', 'domain', 'geo_targeting', 'tags'];

const BAD_BODIES: unknown[] = [[], 'text', 5, null, true, {}];

describe.each(STORES)('messages on %s', (store) => {
  let lsk: Lsk;
  let key: string;
  let linkId: string;
  let rest: ReturnType<typeof client>;
  let gql: ReturnType<typeof graphql>;
  const seen: { label: string; messages: string[] }[] = [];

  /** Record an answer that must be a 4xx error with human messages only. */
  function record(label: string, res: ApiResponse): void {
    expect(res.status, `${label}: ${res.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
    expect(res.status, label).toBeLessThan(500);
    const messages = messagesOf(res);
    expect(messages.length, `${label}: ${res.text.slice(0, 300)}`).toBeGreaterThan(0);
    seen.push({ label, messages });
  }

  beforeAll(async () => {
    lsk = await startLsk(store);
    key = await lsk.workspace('messages', BIG_PLAN);
    rest = client(lsk.base, key);
    gql = graphql(lsk.base, key);
    const created = await rest('POST', '/v1/links', { destination: D, alias: 'taken', tags: ['news'] });
    expect(created.status).toBe(201);
    linkId = created.body.id;
  });
  afterAll(async () => {
    if (lsk && lsk.proc.exitCode !== null) console.log(lsk.output().slice(-5000));
    await lsk?.stop();
  });

  it('REST: every route refuses bad bodies, query strings and path parameters in plain words', async () => {
    for (const body of BAD_LINK_FIELDS) {
      record(`POST /v1/links ${JSON.stringify(body).slice(0, 80)}`, await rest('POST', '/v1/links', body));
      const { destination: _d, ...patch } = body;
      const update = Object.keys(patch).length > 0 ? patch : body;
      record(`PATCH /v1/links/{id} ${JSON.stringify(update).slice(0, 80)}`, await rest('PATCH', `/v1/links/${linkId}`, update));
    }
    for (const body of BAD_BODIES) {
      record(`POST /v1/links body ${JSON.stringify(body)}`, await rest('POST', '/v1/links', JSON.stringify(body)));
      record(`PATCH /v1/tags/news body ${JSON.stringify(body)}`, await rest('PATCH', '/v1/tags/news', JSON.stringify(body)));
      record(`POST /v1/domains body ${JSON.stringify(body)}`, await rest('POST', '/v1/domains', JSON.stringify(body)));
      if (body !== null && !(typeof body === 'object' && !Array.isArray(body))) {
        record(`POST /v1/keys body ${JSON.stringify(body)}`, await rest('POST', '/v1/keys', JSON.stringify(body)));
      }
    }
    const calls: [string, string, unknown?][] = [
      ['POST', '/v1/links', '{"destination": '],
      ['POST', '/v1/links'],
      ['GET', '/v1/links?limit=abc'],
      ['GET', '/v1/links?limit=0'],
      ['GET', '/v1/links?limit=101'],
      ['GET', '/v1/links?limit=1.5'],
      ['GET', '/v1/links?limit=-1'],
      ['GET', '/v1/links?limit=1&limit=2'],
      ['GET', '/v1/links?cursor=not-a-cursor'],
      ['GET', '/v1/links?cursor=%E2%9C%93'],
      ['GET', '/v1/links?tag='],
      ['GET', `/v1/links?tag=${'x'.repeat(70)}`],
      ['GET', '/v1/links?domain=bad%20host'],
      ['GET', `/v1/links?q=${'x'.repeat(300)}`],
      ['GET', '/v1/links?colour=red'],
      ['GET', '/v1/links/bad%20id'],
      ['GET', `/v1/links/lnk_${'x'.repeat(300)}`],
      ['GET', '/v1/links/lnk_0000000000missing'],
      ['PATCH', '/v1/links/bad%20id', { alias: 'a' }],
      ['DELETE', '/v1/links/key_0000000000'],
      ['GET', '/v1/links/$ID/stats?from=yesterday'],
      ['GET', '/v1/links/$ID/stats?to=2026-02-30'],
      ['GET', '/v1/links/$ID/stats?from=2026-03-01&to=2026-02-01'],
      ['GET', '/v1/links/$ID/stats?from=2026-01-01T00:00:00Z'],
      ['GET', '/v1/links/$ID/stats?days=3'],
      ['PATCH', '/v1/tags/news', { name: '' }],
      ['PATCH', '/v1/tags/news', { name: 5 }],
      ['PATCH', '/v1/tags/news', { name: 'x'.repeat(65) }],
      ['PATCH', '/v1/tags/news', { name: 'ok', extra: 1 }],
      ['PATCH', `/v1/tags/${'x'.repeat(70)}`, { name: 'ok' }],
      ['DELETE', `/v1/tags/${'x'.repeat(70)}`],
      ['DELETE', '/v1/tags/%20'],
      ['POST', '/v1/domains', { host: 5 }],
      ['POST', '/v1/domains', { host: '' }],
      ['POST', '/v1/domains', { host: 'bad host' }],
      ['POST', '/v1/domains', { host: `${'a'.repeat(64)}.example` }],
      ['POST', '/v1/domains', { host: 'go.example.com', port: 1 }],
      ['DELETE', '/v1/domains/bad%20host'],
      ['POST', '/v1/keys', { name: 5 }],
      ['POST', '/v1/keys', { name: '' }],
      ['POST', '/v1/keys', { name: 'x'.repeat(100) }],
      ['POST', '/v1/keys', { name: 'ok', scopes: 'links:read' }],
      ['DELETE', '/v1/keys/bad%20id'],
      ['DELETE', '/v1/keys/lnk_0000000000'],
      ['GET', '/v1/workspace?verbose=1'],
      ['GET', '/v1/nothing'],
      ['PUT', '/v1/links'],
    ];
    for (const [method, path, body] of calls) {
      const p = path.replace('$ID', linkId);
      record(`${method} ${p.slice(0, 80)}`, await rest(method, p, body));
    }
    record('POST /v1/links with a taken alias', await rest('POST', '/v1/links', { destination: D, alias: 'taken' }));
    expect((await rest('POST', '/v1/domains', { host: 'go.messages.example' })).status).toBe(201);
    record('POST /v1/domains twice', await rest('POST', '/v1/domains', { host: 'go.messages.example' }));
    record('POST /v1/links as text/plain', await rest('POST', '/v1/links', JSON.stringify({ destination: D }), { 'content-type': 'text/plain' }));
    record('GET /v1/links without a key', await client(lsk.base)('GET', '/v1/links'));
    record('GET /v1/links with a bad key', await client(lsk.base, 'lsk_live_nope')('GET', '/v1/links'));
    expect(seen.length).toBeGreaterThan(130);
  });

  it('GraphQL: bad arguments and variables on every root field are refused in plain words', async () => {
    // The link bodies again, as variables of the arguments' own types (graphql-js coerces a single
    // value into a list, and ignores undeclared variables: those bodies are valid here).
    const createVars = '$destination: String!, $alias: String, $domain: String, $geo_targeting: GeoTargeting, $tags: [String!]';
    const createArgs = 'destination: $destination, alias: $alias, domain: $domain, geo_targeting: $geo_targeting, tags: $tags';
    const mutations: [string, Record<string, unknown>][] = BAD_LINK_FIELDS.filter(
      (b) => Object.keys(b).every((k) => LINK_ARGS.includes(k)) && typeof b.tags !== 'string',
    ).flatMap((b) => {
      const { destination: _d, ...patch } = b;
      const update: [string, Record<string, unknown>][] =
        Object.keys(patch).length > 0
          ? [[`mutation(${createVars.replace('String!', 'String')}, $id: String!) { updateLink(id: $id, ${createArgs}) { id } }`, { ...patch, id: '$ID' }]]
          : [];
      return [[`mutation(${createVars}) { createLink(${createArgs}) { id } }`, b], ...update];
    });
    expect(mutations.length).toBeGreaterThan(50);
    const documents: [string, Record<string, unknown>?][] = [
      ...mutations,
      ['mutation($d: String!) { createLink(destination: $d) { id } }', { d: 'ftp://x' }],
      ['mutation($d: String!) { createLink(destination: $d) { id } }', {}],
      ['mutation($d: String!) { createLink(destination: $d) { id } }', { d: 5 }],
      ['mutation { createLink(destination: "https://example.com/", geo_targeting: { XX: "https://a.example/" }) { id } }'],
      ['mutation { createLink(destination: "https://example.com/", geo_targeting: "US") { id } }'],
      ['mutation($g: GeoTargeting) { createLink(destination: "https://example.com/", geo_targeting: $g) { id } }', { g: { US: 5 } }],
      ['mutation($g: GeoTargeting) { createLink(destination: "https://example.com/", geo_targeting: $g) { id } }', { g: [1] }],
      ['mutation { createLink(destination: "https://example.com/", tags: [""]) { id } }'],
      ['mutation { createLink(destination: "https://example.com/", colour: "red") { id } }'],
      ['mutation { createLink { id } }'],
      ['mutation { updateLink(id: "bad id", alias: "a") { id } }'],
      [`mutation { updateLink(id: "$ID", alias: "a b") { id } }`],
      [`mutation { updateLink(id: "$ID", destination: "") { id } }`],
      ['mutation { deleteLink(id: "lnk_0000000000missing") }'],
      ['{ link(id: "") { id } }'],
      ['{ links(limit: 0) { next_cursor } }'],
      ['{ links(limit: 1000) { next_cursor } }'],
      ['{ links(cursor: "nope") { next_cursor } }'],
      ['{ links(domain: "bad host") { next_cursor } }'],
      ['{ links(limit: "x") { next_cursor } }'],
      [`{ linkStats(id: "$ID", from: "yesterday") { clicks } }`],
      [`{ linkStats(id: "$ID", from: "2026-03-01", to: "2026-02-01") { clicks } }`],
      ['mutation { updateTag(name: "news", new_name: "") { name } }'],
      ['mutation { updateTag(tag: "news", name: "") { name } }'],
      ['mutation { deleteTag(name: "") }'],
      ['mutation { createDomain(host: "bad host") { host } }'],
      ['mutation { createDomain(host: "") { host } }'],
      ['mutation { deleteDomain(host: "bad host") }'],
      ['mutation { createKey(name: "") { id } }'],
      [`mutation { createKey(name: "${'x'.repeat(100)}") { id } }`],
      ['mutation { revokeKey(id: "bad") }'],
      ['{ nope }'],
      ['{ workspace { nope } }'],
    ];
    for (const [query, variables] of documents) {
      const q = query.replaceAll('"$ID"', `"${linkId}"`);
      const v = variables?.id === '$ID' ? { ...variables, id: linkId } : variables;
      record(`graphql ${q.slice(0, 100)} ${JSON.stringify(v ?? {}).slice(0, 100)}`, toApi(await gql(q, v)));
    }
  });

  it('no message uses zod’s default wording', () => {
    if (process.env.DUMP_MESSAGES)
      require('node:fs').writeFileSync(process.env.DUMP_MESSAGES, seen.map((x) => `${x.label}\n  ${x.messages.join('\n  ')}`).join('\n'));
    const offending = seen.flatMap(({ label, messages }) =>
      messages.filter((m) => DEFAULT_WORDING.some((re) => re.test(m))).map((m) => `${label}\n    -> ${m}`),
    );
    expect(offending, offending.join('\n')).toEqual([]);
  });
});

function toApi(res: { status: number; headers: Headers; body: any; text: string }): ApiResponse {
  return res;
}

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
