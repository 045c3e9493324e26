/** GraphQL: tags, domains, keys and the workspace; bad requests; parity with REST (rate limits and media types: graphql-limits-media.api.test.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { BIG_PLAN, createLink, ERROR_STATUS, graphql, ISO_TIME, KEY_ID, WSP_ID } from './_assert.js';
import { expectGqlError, type Gql, LINK_FIELDS } from './_graphql.js';

const D = 'https://example.com/';

describe.each(STORES)('GraphQL on %s', (store) => {
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

  describe('tags, domains, keys and the workspace', () => {
    it('lists and changes tags', async () => {
      const ws = await lsk.workspace('graph-tags', BIG_PLAN);
      const g = graphql(lsk.base, ws);
      const r = client(lsk.base, ws);
      const l = await createLink(r, { destination: D, tags: ['one', 'two'] });
      const list = await g('{ tags { data { name links created_at } } }');
      expect(list.body.data.tags.data.map((t: { name: string; links: number }) => [t.name, t.links]).sort()).toEqual([
        ['one', 1],
        ['two', 1],
      ]);
      expect(list.body.data.tags.data[0].created_at).toMatch(ISO_TIME);
      const renamed = await g('mutation { updateTag(tag: "one", name: "uno") { name links } }');
      expect(renamed.body.data.updateTag).toEqual({ name: 'uno', links: 1 });
      const merged = await g('mutation { updateTag(tag: "uno", name: "two") { name links } }');
      expect(merged.body.data.updateTag).toEqual({ name: 'two', links: 1 });
      expect((await r('GET', `/v1/links/${l.id}`)).body.tags).toEqual(['two']);
      expect((await g('mutation { deleteTag(name: "TWO") }')).body).toEqual({ data: { deleteTag: true } });
      expect((await g('{ tags { data { name } } }')).body.data.tags.data).toEqual([]);
      expectGqlError(await g('mutation { deleteTag(name: "two") }'), 'not_found', { field: 'deleteTag' });
      expectGqlError(await g('mutation { updateTag(tag: "x", name: "") { name } }'), 'validation_failed', { field: 'updateTag' });
    });

    it('lists, adds and removes domains', async () => {
      const res = await gql('mutation { createDomain(host: "Straße.example") { host created_at } }');
      expect(res.body.errors, res.text).toBeUndefined();
      expect(res.body.data.createDomain).toEqual({ host: 'xn--strae-oqa.example', created_at: expect.stringMatching(ISO_TIME) });
      expect((await gql('{ domains { data { host } } }')).body.data.domains.data).toEqual([{ host: 'xn--strae-oqa.example' }]);
      expectGqlError(await gql('mutation { createDomain(host: "xn--strae-oqa.example") { host } }'), 'domain_taken', {
        field: 'createDomain',
        paths: ['host'],
      });
      expectGqlError(await gql('mutation { createDomain(host: "bad host") { host } }'), 'validation_failed', { field: 'createDomain', paths: ['host'] });
      expect((await gql('mutation { deleteDomain(host: "xn--strae-oqa.example") }')).body).toEqual({ data: { deleteDomain: true } });
      expect((await gql('{ domains { data { host } } }')).body.data.domains.data).toEqual([]);
      expectGqlError(await gql('mutation { deleteDomain(host: "xn--strae-oqa.example") }'), 'not_found', { field: 'deleteDomain' });
    });

    it('lists, creates and revokes keys', async () => {
      const created = await gql('mutation { createKey(name: "from-graphql") { id name key created_at expires_at last_used_at revoked_at } }');
      expect(created.body.errors, created.text).toBeUndefined();
      const k = created.body.data.createKey;
      expect(k).toMatchObject({ name: 'from-graphql', last_used_at: null, revoked_at: null });
      expect(k.id).toMatch(KEY_ID);
      expect(k.key).toMatch(/^lsk_live_/);
      expect((await graphql(lsk.base, k.key)('{ workspace { slug } }')).body.data.workspace.slug).toBe('graph');
      const list = await gql('{ keys { data { id name revoked_at } } }');
      expect(list.body.data.keys.data.map((x: { id: string }) => x.id)).toContain(k.id);
      expect(list.text).not.toContain('lsk_live_');
      // The key type of a listed key has no secret field at all.
      expectGqlError(await gql('{ keys { data { key } } }'), 'validation_failed');
      const revoked = await gql('mutation($id: ID!) { revokeKey(id: $id) { id revoked_at } }', { id: k.id });
      expect(revoked.body.data.revokeKey).toEqual({ id: k.id, revoked_at: expect.stringMatching(ISO_TIME) });
      expectGqlError(await graphql(lsk.base, k.key)('{ workspace { slug } }'), 'key_revoked');
      expectGqlError(await gql('mutation { revokeKey(id: "key_nothere000000000000") { id } }'), 'not_found', { field: 'revokeKey' });
    });

    it('answers the workspace', async () => {
      const res = await gql('{ workspace { id slug plan rate_limit_rpm require_2fa } }');
      expect(res.body).toEqual({
        data: { workspace: { id: expect.stringMatching(WSP_ID), slug: 'graph', plan: 'custom', rate_limit_rpm: 1000000, require_2fa: false } },
      });
      expect((await rest('GET', '/v1/workspace')).body).toEqual(res.body.data.workspace);
    });
  });

  describe('bad requests', () => {
    it.each([
      ['a syntax error', '{ links { data { id } '],
      ['an empty document', ''],
      ['an unknown field', '{ nope }'],
      ['an unknown nested field', '{ links { data { id nope } } }'],
      ['an unknown argument', '{ links(page: 2) { next_cursor } }'],
      ['a missing required argument', '{ link { id } }'],
      ['an argument of the wrong type', '{ links(limit: "ten") { next_cursor } }'],
      ['a scalar without selection', '{ links }'],
      ['an object field selected as a leaf', '{ links { data } }'],
      ['a subscription', 'subscription { links { next_cursor } }'],
      ['two anonymous operations', '{ workspace { id } } { tags { data { name } } }'],
    ])('answers %s with extensions.code validation_failed', async (_what, query) => {
      const res = await gql(query);
      expectGqlError(res, 'validation_failed');
      expect(res.body.data ?? null).toBeNull();
      expect(res.status).toBeGreaterThanOrEqual(200);
      expect(res.status).toBeLessThan(500);
    });

    it('answers variables of the wrong type with validation_failed', async () => {
      expectGqlError(await gql('query($n: Int) { links(limit: $n) { next_cursor } }', { n: 'ten' }), 'validation_failed');
      expectGqlError(await gql('query($id: ID!) { link(id: $id) { id } }', {}), 'validation_failed');
      expectGqlError(
        await gql('mutation($t: [String!]) { createLink(destination: "https://example.com/", tags: $t) { id } }', { t: [1, null] }),
        'validation_failed',
      );
    });

    it('types ids as ID: an id variable declared String! is refused at validation, naming the variable', async () => {
      const l = await createLink(rest, { destination: D });
      const ok = await gql('query($id: ID!) { link(id: $id) { id } node(id: $id) { id } }', { id: l.id });
      expect(ok.body.data).toEqual({ link: { id: l.id }, node: { id: l.id } });
      const bad = await gql('query($id: String!) { link(id: $id) { id } }', { id: l.id });
      expectGqlError(bad, 'validation_failed');
      expect(bad.body.errors[0].message).toContain('$id');
      const types = await gql('{ __type(name: "Node") { fields { name type { ofType { name } } } } }');
      expect(types.body.data.__type.fields).toEqual([{ name: 'id', type: { ofType: { name: 'ID' } } }]);
    });

    it('types closed sets as enums: introspection lists their values, literals and enum variables work, strings are refused', async () => {
      const ws = await lsk.workspace('graph-enums', BIG_PLAN);
      const g = graphql(lsk.base, ws);
      const l = await createLink(client(lsk.base, ws), { destination: D, tags: ['e'] });
      const enums = await gql(
        '{ a: __type(name: "AnalyticsGroupBy") { kind enumValues { name } } b: __type(name: "QrEcc") { enumValues { name } } q: __type(name: "Query") { fields { name args { name type { name kind } } } } }',
      );
      expect(enums.body.data.a.kind).toBe('ENUM');
      expect(enums.body.data.a.enumValues.map((v: { name: string }) => v.name)).toEqual(expect.arrayContaining(['timeseries', 'countries', 'links']));
      expect(enums.body.data.b.enumValues.map((v: { name: string }) => v.name)).toEqual(['H', 'L', 'M', 'Q']);
      const args = Object.fromEntries(
        enums.body.data.q.fields.flatMap((f: { name: string; args: { name: string; type: { name: string } }[] }) =>
          f.args.map((a) => [`${f.name}.${a.name}`, a.type.name]),
        ),
      );
      expect(args).toMatchObject({
        'analytics.group_by': 'AnalyticsGroupBy',
        'analytics.interval': 'AnalyticsInterval',
        'links.status': 'LinkStatus',
        'links.sort': 'LinkSort',
        'links.health': 'LinkHealthFilter',
        'linkQrCode.format': 'QrFormat',
        'linkQrCode.ecc': 'QrEcc',
      });

      const literal = await g('{ links(status: active, sort: oldest) { data { id status } } analytics(group_by: tags) { group_by interval } }');
      expect(literal.body.data.links.data).toEqual([{ id: l.id, status: 'active' }]);
      expect(literal.body.data.analytics).toEqual({ group_by: 'tags', interval: null });
      const series = await g('query($g: AnalyticsGroupBy, $i: AnalyticsInterval) { analytics(group_by: $g, interval: $i) { group_by interval } }', {
        g: 'timeseries',
        i: 'week',
      });
      expect(series.body.data.analytics).toEqual({ group_by: 'timeseries', interval: 'week' });

      // A String variable in an enum position is refused at validation, naming the variable; so is a quoted literal or an unknown value.
      const stringVar = await g('query($s: String) { links(status: $s) { next_cursor } }', { s: 'active' });
      expectGqlError(stringVar, 'validation_failed');
      expect(stringVar.body.errors[0].message).toContain('$s');
      expectGqlError(await g('{ links(status: "active") { next_cursor } }'), 'validation_failed');
      expectGqlError(await g('{ links(sort: random) { next_cursor } }'), 'validation_failed');
      expectGqlError(await g('query($e: QrEcc) { linkQrCode(id: "x", ecc: $e) { base64 } }', { e: 'X' }), 'validation_failed');
      // REST takes the same words and answers as before.
      expect((await client(lsk.base, ws)('GET', '/v1/links?status=active&sort=oldest')).body.data.map((x: { id: string }) => x.id)).toEqual([l.id]);
      const restBad = await client(lsk.base, ws)('GET', '/v1/links?status=gone');
      expect(restBad.status).toBe(400);
      expect(restBad.body.error.details[0].path).toBe('status');
    });

    it('answers invalid JSON with invalid_json, a body that is not an object with validation_failed, and a non-JSON type with 415', async () => {
      const post = async (body: string, type = 'application/json') => {
        const res = await fetch(`${lsk.base}/graphql`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': type }, body });
        const text = await res.text();
        return { status: res.status, headers: res.headers, body: JSON.parse(text), text };
      };
      const bad = await post('{"query": ');
      expectGqlError(bad, 'invalid_json');
      expect(bad.status).toBe(400);
      expectGqlError(await post('[1, 2]'), 'validation_failed');
      expectGqlError(await post('"{ workspace { id } }"'), 'validation_failed');
      expectGqlError(await post('{"query": 42}'), 'validation_failed');
      const text = await post('{ workspace { id } }', 'text/plain');
      expectGqlError(text, 'unsupported_media_type');
      expect(text.status).toBe(415);
      const big = await post(JSON.stringify({ query: `{ workspace { id } } # ${'x'.repeat(1024 * 1024)}` }));
      expectGqlError(big, 'payload_too_large');
      expect(big.status).toBe(413);
    });

    it('answers other methods with 405 and an Allow header', async () => {
      const res = await fetch(`${lsk.base}/graphql`, { method: 'PUT', headers: { authorization: `Bearer ${key}` } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toMatch(/GET/);
      expect(res.headers.get('allow')).toMatch(/POST/);
      const body = await res.json();
      expect(body.errors[0].extensions.code).toBe('method_not_allowed');
    });

    it('refuses a mutation sent over GET and changes nothing', async () => {
      const before = (await rest('GET', '/v1/links?limit=100')).body.data.length;
      const q = encodeURIComponent(`mutation { createLink(destination: "${D}get") { id } }`);
      const res = await fetch(`${lsk.base}/graphql?query=${q}`, { headers: { authorization: `Bearer ${key}`, accept: 'application/json' } });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      const body = await res.json();
      expect(Object.keys(ERROR_STATUS)).toContain(body.errors[0].extensions.code);
      expect((await rest('GET', '/v1/links?limit=100')).body.data.length).toBe(before);
    });
  });

  describe('REST and GraphQL', () => {
    it('see the same links, field for field', async () => {
      const viaRest = await createLink(rest, { destination: `${D}same`, alias: 'same-rest', tags: ['s'], geo_targeting: { IT: 'https://example.it/' } });
      const seen = await gql(`query($id: ID!) { link(id: $id) { ${LINK_FIELDS} } }`, { id: viaRest.id });
      expect(seen.body.data.link).toEqual(viaRest);
      const viaGql = (await gql(`mutation { createLink(destination: "${D}same2", alias: "same-gql", tags: ["s"]) { ${LINK_FIELDS} } }`)).body.data.createLink;
      expect((await rest('GET', `/v1/links/${viaGql.id}`)).body).toEqual(viaGql);
      const restList = (await rest('GET', '/v1/links?tag=s')).body;
      const gqlList = (await gql(`{ links(tag: "s") { data { ${LINK_FIELDS} } next_cursor } }`)).body.data.links;
      expect(gqlList).toEqual(restList);
      const restTags = (await rest('GET', '/v1/tags')).body;
      expect((await gql('{ tags { data { name links created_at } } }')).body.data.tags).toEqual(restTags);
      const restKeys = (await rest('GET', '/v1/keys')).body;
      expect(
        (await gql('{ keys { data { id name created_at expires_at last_used_at revoked_at } } }')).body.data.keys.data.map((k: { id: string }) => k.id),
      ).toEqual(restKeys.data.map((k: { id: string }) => k.id));
    });
  });
});
