/** GraphQL: what answers without a key (introspection, GraphiQL, refusals), and links. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { serverClock } from '../support/server-clock.js';
import { BIG_PLAN, createLink, expectLinkShape, graphql } from './_assert.js';
import { expectGqlError, type Gql, type GqlResponse, LINK_FIELDS, MUTATION_FIELDS, QUERY_FIELDS } from './_graphql.js';

const D = 'https://example.com/';

describe.each(STORES)('GraphQL on %s', (store) => {
  // Moved 1 ms on between creations whose order a test reads.
  const clock = serverClock();
  let lsk: Lsk;
  let key: string;
  let gql: Gql;
  let rest: ReturnType<typeof client>;
  const anon = () => graphql(lsk.base);

  beforeAll(async () => {
    lsk = await startLsk(store, { env: clock.env });
    key = await lsk.workspace('graph', BIG_PLAN);
    gql = graphql(lsk.base, key);
    rest = client(lsk.base, key);
  });
  afterAll(async () => {
    if (lsk && lsk.proc.exitCode !== null) console.log(lsk.output().slice(-5000));
    await lsk?.stop();
    clock.remove();
  });

  describe('without a key', () => {
    it('answers introspection, and the types carry the snake_case field names of the REST JSON', async () => {
      const res = await anon()('{ __schema { queryType { name } mutationType { name } } link: __type(name: "Link") { fields { name } } }');
      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.__schema).toEqual({ queryType: { name: 'Query' }, mutationType: { name: 'Mutation' } });
      expect(res.body.data.link.fields.map((f: { name: string }) => f.name).sort()).toEqual(
        [...LINK_FIELDS.replace(/ \{[^}]*\}/g, '').split(' '), 'qr_svg', 'stats'].sort(),
      );
      const roots = await anon()('{ q: __type(name: "Query") { fields { name } } m: __type(name: "Mutation") { fields { name } } }');
      const names = (t: { fields: { name: string }[] }) => t.fields.map((f) => f.name).sort();
      expect(names(roots.body.data.q)).toEqual([...QUERY_FIELDS].sort());
      expect(names(roots.body.data.m)).toEqual([...MUTATION_FIELDS].sort());
    });

    it('answers introspection over GET too', async () => {
      const res = await fetch(`${lsk.base}/graphql?query=${encodeURIComponent('{ __typename }')}`, { headers: { accept: 'application/json' } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ data: { __typename: 'Query' } });
    });

    it('serves GraphiQL to a browser, loading nothing from another host', async () => {
      const res = await fetch(`${lsk.base}/graphql`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      const refs = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
      expect(refs.length).toBeGreaterThan(0);
      for (const ref of refs) {
        if (ref.startsWith('data:')) continue; // inline, loads nothing
        expect(ref, ref).toMatch(/^\/[^/]/);
        expect((await fetch(`${lsk.base}${ref}`)).status, ref).toBe(200);
      }
      expect(html).not.toMatch(/(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i);
      expect(html).not.toMatch(/url\(\s*["']?(?:https?:)?\/\//i);
      expect(html).not.toMatch(/import\s*\(?\s*["'](?:https?:)?\/\//i);
    });

    it.each([
      ['link', '{ link(id: "lnk_x") { id } }'],
      ['links', '{ links { data { id } next_cursor } }'],
      ['linkStats', '{ linkStats(id: "lnk_x") { clicks } }'],
      ['tags', '{ tags { data { name } } }'],
      ['domains', '{ domains { data { host } } }'],
      ['keys', '{ keys { data { id } } }'],
      ['workspace', '{ workspace { id } }'],
      ['createLink', `mutation { createLink(destination: "${D}") { id } }`],
      ['updateLink', 'mutation { updateLink(id: "lnk_x", destination: "https://x.example/") { id } }'],
      ['deleteLink', 'mutation { deleteLink(id: "lnk_x") }'],
      ['updateTag', 'mutation { updateTag(tag: "a", name: "b") { name } }'],
      ['deleteTag', 'mutation { deleteTag(name: "a") }'],
      ['createDomain', 'mutation { createDomain(host: "anon.example.com") { host } }'],
      ['deleteDomain', 'mutation { deleteDomain(host: "anon.example.com") }'],
      ['createKey', 'mutation { createKey(name: "anon") { key } }'],
      ['revokeKey', 'mutation { revokeKey(id: "key_x") { id } }'],
    ])('refuses the data field %s with extensions.code unauthorized', async (field, query) => {
      const res = await anon()(query);
      expectGqlError(res, 'unauthorized', { field });
      // Query fields are non-null (data is null); mutation fields are nullable (the field is null).
      expect(res.body.data?.[field] ?? null).toBeNull();
    });

    it('refuses a bad key even for introspection with invalid_api_key', async () => {
      const res = await graphql(lsk.base, 'lsk_live_garbage')('{ __typename }');
      expectGqlError(res, 'invalid_api_key');
      expect(res.status).toBe(401);
    });
  });

  describe('links', () => {
    it('creates a link from flat arguments, with geo_targeting as a variable', async () => {
      const res = await gql(
        `mutation($g: GeoTargeting, $tags: [String!]) { createLink(destination: "${D}var", alias: "gql-var", geo_targeting: $g, tags: $tags) { ${LINK_FIELDS} } }`,
        { g: { DE: 'https://example.de/', FR: 'https://example.fr/' }, tags: ['GraphQL', 'graphql', ' api '] },
      );
      expect(res.body.errors, res.text).toBeUndefined();
      const link = res.body.data.createLink;
      expectLinkShape(link);
      expect(link).toMatchObject({
        alias: 'gql-var',
        destination: `${D}var`,
        domain: `localhost:${lsk.port}`,
        short_url: `http://localhost:${lsk.port}/gql-var`,
        geo_targeting: { DE: 'https://example.de/', FR: 'https://example.fr/' },
        tags: ['GraphQL', 'api'],
        clicks: 0,
      });
      expect(res.headers.get('ratelimit-limit')).toBe('1000000');
    });

    it('creates a link with geo_targeting as an inline object literal, also holding a variable', async () => {
      const res = await gql(
        `mutation { createLink(destination: "${D}inline", geo_targeting: { US: "https://example.com/us", JP: "https://example.jp/" }) { geo_targeting alias } }`,
      );
      expect(res.body.errors, res.text).toBeUndefined();
      expect(res.body.data.createLink.geo_targeting).toEqual({ US: 'https://example.com/us', JP: 'https://example.jp/' });
      expect(res.body.data.createLink.alias).toMatch(/^[0-9A-Za-z]{7}$/);
      const mixed = await gql(
        'mutation($de: String!, $d: String!) { createLink(destination: $d, geo_targeting: { DE: $de, AT: "https://example.at/" }) { geo_targeting } }',
        {
          de: 'https://example.de/mixed',
          d: `${D}mixed`,
        },
      );
      expect(mixed.body.errors, mixed.text).toBeUndefined();
      expect(mixed.body.data.createLink.geo_targeting).toEqual({ DE: 'https://example.de/mixed', AT: 'https://example.at/' });
      const empty = await gql(`mutation { createLink(destination: "${D}empty", geo_targeting: {}, tags: []) { geo_targeting tags } }`);
      expect(empty.body.data.createLink).toEqual({ geo_targeting: {}, tags: [] });
      const nulls = await gql(`mutation { createLink(destination: "${D}null", geo_targeting: null, tags: null) { geo_targeting tags } }`);
      expect(nulls.body.data.createLink).toEqual({ geo_targeting: {}, tags: [] });
    });

    it.each([
      ['a javascript: destination and bad geo keys', { destination: 'javascript:alert(1)', geo_targeting: { XX: D, us: D } }],
      ['a reserved alias and an empty tag', { destination: D, alias: 'graphql', tags: [''] }],
      [
        'a bad geo value, 26 tags and a double slash',
        { destination: D, alias: 'a//b', geo_targeting: { DE: 'ftp://x' }, tags: Array.from({ length: 26 }, (_, i) => `t${i}`) },
      ],
      ['an unregistered domain', { destination: D, domain: 'not-mine.example.com' }],
      ['a geo_targeting that is not an object', { destination: D, geo_targeting: 'DE' }],
    ] as [string, Record<string, unknown>][])('reports %s with the same details as REST', async (_what, input) => {
      const restRes = await rest('POST', '/v1/links', input);
      expect(restRes.status).toBe(400);
      const res = await gql(
        'mutation($destination: String!, $domain: String, $alias: String, $geo: GeoTargeting, $tags: [String!]) { createLink(destination: $destination, domain: $domain, alias: $alias, geo_targeting: $geo, tags: $tags) { id } }',
        { destination: input.destination, domain: input.domain, alias: input.alias, geo: input.geo_targeting, tags: input.tags },
      );
      const sort = (d: { path: string; message: string }[]) => [...d].sort((a, b) => (a.path + a.message < b.path + b.message ? -1 : 1));
      expectGqlError(res, 'validation_failed', { field: 'createLink', paths: restRes.body.error.details.map((d: { path: string }) => d.path) });
      expect(sort(res.body.errors[0].extensions.details)).toEqual(sort(restRes.body.error.details));
      // Inline literals are validated the same way.
      const inline = await gql(`mutation { createLink(destination: ${JSON.stringify(input.destination)}, geo_targeting: { XX: "javascript:x" }) { id } }`);
      expectGqlError(inline, 'validation_failed', { field: 'createLink' });
      expect(inline.body.errors[0].extensions.details.map((d: { path: string }) => d.path)).toContain('geo_targeting.XX');
    });

    it('answers alias_taken for a duplicate alias', async () => {
      await createLink(rest, { destination: D, alias: 'gql-dup' });
      expectGqlError(await gql(`mutation { createLink(destination: "${D}", alias: "gql-dup") { id } }`), 'alias_taken', {
        field: 'createLink',
        paths: ['alias'],
      });
    });

    it('updates any subset of fields; null clears geo_targeting and tags', async () => {
      const link = await createLink(rest, { destination: D, alias: 'gql-upd', tags: ['a', 'b'], geo_targeting: { DE: 'https://example.de/' } });
      let res = await gql(`mutation($id: ID!) { updateLink(id: $id, destination: "https://changed.example/", alias: "gql-upd-2") { ${LINK_FIELDS} } }`, {
        id: link.id,
      });
      expect(res.body.errors, res.text).toBeUndefined();
      expect(res.body.data.updateLink).toMatchObject({
        destination: 'https://changed.example/',
        alias: 'gql-upd-2',
        tags: ['a', 'b'],
        geo_targeting: { DE: 'https://example.de/' },
      });
      res = await gql('mutation($id: ID!) { updateLink(id: $id, geo_targeting: null) { geo_targeting tags } }', { id: link.id });
      expect(res.body.data.updateLink).toEqual({ geo_targeting: {}, tags: ['a', 'b'] });
      res = await gql('mutation($id: ID!, $tags: [String!]) { updateLink(id: $id, tags: $tags) { geo_targeting tags } }', { id: link.id, tags: null });
      expect(res.body.data.updateLink).toEqual({ geo_targeting: {}, tags: [] });
      res = await gql('mutation($id: ID!) { updateLink(id: $id, geo_targeting: { FR: "https://example.fr/" }, tags: ["z"]) { geo_targeting tags } }', {
        id: link.id,
      });
      expect(res.body.data.updateLink).toEqual({ geo_targeting: { FR: 'https://example.fr/' }, tags: ['z'] });
      expect((await rest('GET', `/v1/links/${link.id}`)).body).toMatchObject({ alias: 'gql-upd-2', geo_targeting: { FR: 'https://example.fr/' }, tags: ['z'] });
      expectGqlError(await gql('mutation($id: ID!) { updateLink(id: $id, alias: "..") { id } }', { id: link.id }), 'validation_failed', {
        field: 'updateLink',
        paths: ['alias'],
      });
      expectGqlError(await gql('mutation { updateLink(id: "lnk_nothere00000000000", destination: "https://x.example/") { id } }'), 'not_found', {
        field: 'updateLink',
      });
    });

    it('deletes a link: true, then not_found', async () => {
      const link = await createLink(rest, { destination: D });
      const res = await gql('mutation($id: ID!) { deleteLink(id: $id) }', { id: link.id });
      expect(res.body).toEqual({ data: { deleteLink: true } });
      expectGqlError(await gql('query($id: ID!) { link(id: $id) { id } }', { id: link.id }), 'not_found', { field: 'link' });
      expectGqlError(await gql('mutation($id: ID!) { deleteLink(id: $id) }', { id: link.id }), 'not_found', { field: 'deleteLink' });
      expect((await rest('GET', `/v1/links/${link.id}`)).status).toBe(404);
    });

    it('pages through links with {data, next_cursor}, newest first', async () => {
      const ws = await lsk.workspace('graph-pages', BIG_PLAN);
      const g = graphql(lsk.base, ws);
      const r = client(lsk.base, ws);
      const made: string[] = [];
      for (let i = 0; i < 5; i++) {
        clock.tick();
        made.push((await createLink(r, { destination: `${D}${i}`, tags: i % 2 ? ['odd'] : [] })).id);
      }
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res: GqlResponse = await g('query($c: String) { links(limit: 2, cursor: $c) { data { id } next_cursor } }', { c: cursor });
        expect(res.body.errors, res.text).toBeUndefined();
        seen.push(...res.body.data.links.data.map((l: { id: string }) => l.id));
        cursor = res.body.data.links.next_cursor;
      } while (cursor);
      expect(seen).toEqual([...made].reverse());
      const odd = await g('{ links(tag: "ODD") { data { id } next_cursor } }');
      expect(odd.body.data.links).toEqual({ data: [{ id: made[3] }, { id: made[1] }], next_cursor: null });
      const def = await g('{ links { data { id } } }');
      expect(def.body.data.links.data).toHaveLength(5);
      expectGqlError(await g('{ links(limit: 0) { next_cursor } }'), 'validation_failed', { field: 'links', paths: ['limit'] });
      expectGqlError(await g('{ links(limit: 101) { next_cursor } }'), 'validation_failed', { field: 'links', paths: ['limit'] });
      expectGqlError(await g('{ links(cursor: "garbage") { next_cursor } }'), 'invalid_cursor', { field: 'links' });
    });

    it('answers link statistics in the REST shape', async () => {
      const link = await createLink(rest, { destination: D });
      const res = await gql(
        'query($id: ID!) { linkStats(id: $id, from: "2026-01-01", to: "2026-01-31") { link_id from to clicks bots by_day { date clicks } by_country { country clicks } by_referrer { host clicks } by_device { device clicks } by_browser { browser clicks } by_os { os clicks } } }',
        { id: link.id },
      );
      expect(res.body.errors, res.text).toBeUndefined();
      const restStats = await rest('GET', `/v1/links/${link.id}/stats?from=2026-01-01&to=2026-01-31`);
      expect(res.body.data.linkStats).toEqual(restStats.body);
      expectGqlError(
        await gql('query($id: ID!) { linkStats(id: $id, from: "2026-02-01", to: "2026-01-01") { clicks } }', { id: link.id }),
        'validation_failed',
        {
          field: 'linkStats',
          paths: ['from'],
        },
      );
    });
  });
});
