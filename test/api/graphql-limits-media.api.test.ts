/** GraphQL: the rate limits an operation meets, and the edge with unusual media types and partial mutations. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliLines } from '../support/cli-in-process.js';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { BIG_PLAN, createLink, ERROR_STATUS, graphql } from './_assert.js';
import { expectGqlError, type Gql } from './_graphql.js';

const D = 'https://example.com/';

describe.each(STORES)('GraphQL rate limits and media types on %s', (store) => {
  let lsk: Lsk;
  let key: string;
  let gql: Gql;
  let rest: ReturnType<typeof client>;

  beforeAll(async () => {
    lsk = await startLsk(store);
    key = await lsk.workspace('graph', BIG_PLAN);
    gql = graphql(lsk.base, key);
    rest = client(lsk.base, key);
  });
  afterAll(async () => {
    if (lsk && lsk.proc.exitCode !== null) console.log(lsk.output().slice(-5000));
    await lsk?.stop();
  });

  describe('rate limits', () => {
    it('sends the RateLimit headers, and three aliased root fields consume three', async () => {
      const g = graphql(lsk.base, await lsk.workspace('graph-rl', ['--rpm', '1000']));
      const one = await g('{ workspace { id } }');
      expect(one.body.errors).toBeUndefined();
      for (const h of [
        'ratelimit-limit',
        'ratelimit-remaining',
        'ratelimit-reset',
        'ratelimit-policy',
        'x-ratelimit-limit',
        'x-ratelimit-remaining',
        'x-ratelimit-reset',
      ]) {
        expect(one.headers.get(h), h).toBeTruthy();
      }
      expect(one.headers.get('ratelimit-limit')).toBe('1000');
      expect(one.headers.get('ratelimit-policy')).toBe('1000;w=60');
      const r1 = Number(one.headers.get('ratelimit-remaining'));
      expect(r1).toBe(999);
      const three = await g('{ a: workspace { id } b: workspace { id } c: workspace { slug } }');
      expect(three.body.errors).toBeUndefined();
      expect(Number(three.headers.get('ratelimit-remaining'))).toBe(r1 - 3);
      // Fragments are followed: two root fields behind a fragment count two.
      const frag = await g('query { ...F } fragment F on Query { x: tags { data { name } } y: domains { data { host } } }');
      expect(frag.body.errors, frag.text).toBeUndefined();
      expect(Number(frag.headers.get('ratelimit-remaining'))).toBe(r1 - 5);
      // A REST call counts one.
      const restCall = await client(lsk.base, (await cliLines(['key', 'create', '--workspace', 'graph-rl'], lsk.env)).at(-1)!)('GET', '/v1/workspace');
      expect(Number(restCall.headers.get('ratelimit-remaining'))).toBe(r1 - 6);
    });

    it('refuses an operation whose root fields exceed what is left of the plan', async () => {
      const g = graphql(lsk.base, await lsk.workspace('graph-rl-small', ['--rpm', '4']));
      expect((await g('{ a: workspace { id } b: workspace { id } }')).headers.get('ratelimit-remaining')).toBe('2');
      const res = await g('{ a: workspace { id } b: workspace { id } c: workspace { id } }');
      expectGqlError(res, 'rate_limited');
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    });
  });

  describe('the GraphQL edge with unusual media types and partial mutations', () => {
    async function post(headers: Record<string, string>) {
      const res = await fetch(`${lsk.base}/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query: '{ workspace { slug } }' }),
      });
      const text = await res.text();
      return { status: res.status, headers: res.headers, text, body: JSON.parse(text) };
    }
    /** Either the data, or an error with a contract code (and its status). */
    function expectAnswered(res: { status: number; body: any }) {
      // eslint-disable-line @typescript-eslint/no-explicit-any
      if (res.status === 200) expect(res.body.data.workspace.slug).toBe('graph');
      else expect(ERROR_STATUS[res.body.errors[0].extensions.code]).toBe(res.status);
    }

    it('answers Content-Type APPLICATION/JSON (media types are case-insensitive) like application/json', async () => {
      expectAnswered(await post({ 'content-type': 'APPLICATION/JSON' }));
    });

    it('answers Content-Type application/merge-patch+json with data or a contract code', async () => {
      expectAnswered(await post({ 'content-type': 'application/merge-patch+json' }));
    });

    it('answers an Accept it cannot satisfy (image/png) with data or a contract code, as JSON', async () => {
      expectAnswered(await post({ accept: 'image/png' }));
    });

    it('reports the write of a root field that succeeded when a later root field of the same mutation fails', async () => {
      // Mutation root fields are nullable, so a failing field does not hide the writes before it.
      const link = await createLink(rest, { destination: D });
      const res = await gql(`mutation { first: deleteLink(id: "${link.id}") again: deleteLink(id: "${link.id}") }`);
      expect((await rest('GET', `/v1/links/${link.id}`)).status).toBe(404); // the first field did delete it
      expect(res.body.data?.first).toBe(true);
    });

    it('reports a link created by the first root field when the second one is refused', async () => {
      const before = (await rest('GET', '/v1/links?q=partial-create&limit=100')).body.data.length;
      const res = await gql(
        `mutation { ok: createLink(destination: "${D}partial-create") { id } bad: createLink(destination: "${D}partial-create", alias: "v1") { id } }`,
      );
      expect((await rest('GET', '/v1/links?q=partial-create&limit=100')).body.data.length).toBe(before + 1); // it was created
      expect(res.body.data?.ok?.id).toMatch(/^lnk_/);
    });

    it('answers Accept: multipart/mixed with a well-formed HTTP message', async () => {
      const res = await post({ accept: 'multipart/mixed' });
      expect(res.status).toBe(200);
    });
  });
});
