/**
 * Error messages for people: a broad table of bad inputs (./bad-inputs.ts) on every REST route
 * (body, query string, path parameters) and on GraphQL (arguments and variables); every detail
 * completes its field's name into a sentence, and no message carries zod's default wording.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, client, type Lsk, STORES, startLsk } from '../support/server.js';
import { BIG_PLAN, graphql } from './_assert.js';
import { BAD_BODIES, BAD_LINK_FIELDS, D, DEFAULT_WORDING, GRAPHQL_DOCUMENTS, linkMutations, messagesOf, REST_CALLS } from './bad-inputs.js';

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
    for (const [method, path, body] of REST_CALLS) {
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
    const documents = [...linkMutations(), ...GRAPHQL_DOCUMENTS];
    expect(documents.length).toBeGreaterThan(90);
    for (const [query, variables] of documents) {
      const q = query.replaceAll('"$ID"', `"${linkId}"`);
      const v = variables?.id === '$ID' ? { ...variables, id: linkId } : variables;
      record(`graphql ${q.slice(0, 100)} ${JSON.stringify(v ?? {}).slice(0, 100)}`, toApi(await gql(q, v)));
    }
  });

  it('no message uses zod’s default wording', () => {
    const offending = seen.flatMap(({ label, messages }) =>
      messages.filter((m) => DEFAULT_WORDING.some((re) => re.test(m))).map((m) => `${label}\n    -> ${m}`),
    );
    expect(offending, offending.join('\n')).toEqual([]);
  });
});

function toApi(res: { status: number; headers: Headers; body: any; text: string }): ApiResponse {
  return res;
}
