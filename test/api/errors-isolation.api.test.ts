/** Errors over REST: workspaces are isolated from each other, and rate limits. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliLines } from '../support/cli-in-process.js';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';
import { allLinks, BIG_PLAN, createLink, expectError, graphql } from './_assert.js';

type Api = ReturnType<typeof client>;

const D = 'https://example.com/';

describe.each(STORES)('errors over REST on %s', (store) => {
  let lsk: Lsk;

  beforeAll(async () => {
    lsk = await startLsk(store);
  });
  afterAll(async () => {
    if (lsk && lsk.proc.exitCode !== null) console.log(lsk.output().slice(-5000));
    await lsk?.stop();
  });

  describe('workspaces are isolated', () => {
    let a: Api;
    let b: Api;
    let bKey: string;
    let aLink: any;
    let aKeyId: string;

    beforeAll(async () => {
      a = client(lsk.base, await lsk.workspace('alpha', BIG_PLAN));
      bKey = await lsk.workspace('bravo', BIG_PLAN);
      b = client(lsk.base, bKey);
      expect((await a('POST', '/v1/domains', { host: 'alpha.example.com' })).status).toBe(201);
      aLink = await createLink(a, { destination: 'https://alpha.example/secret', domain: 'alpha.example.com', alias: 'alpha-secret', tags: ['alpha-tag'] });
      await createLink(a, { destination: 'https://alpha.example/two', alias: 'alpha-two', tags: ['alpha-tag'] });
      const k = await a('POST', '/v1/keys', { name: 'alpha-ci' });
      expect(k.status).toBe(201);
      aKeyId = k.body.id;
      await createLink(b, { destination: 'https://bravo.example/', alias: 'bravo-own', tags: ['bravo-tag'] });
    });

    it("answers 404 not_found, exactly like an unknown id, for another workspace's link, tag, domain and key", async () => {
      const unknown = await b('GET', '/v1/links/lnk_doesnotexist0000000');
      const theirs = await b('GET', `/v1/links/${aLink.id}`);
      expectError(theirs, 404, 'not_found');
      expect(theirs.body.error.message).toBe(unknown.body.error.message);
      expectError(await b('PATCH', `/v1/links/${aLink.id}`, { destination: 'https://evil.example/' }), 404, 'not_found');
      expectError(await b('DELETE', `/v1/links/${aLink.id}`), 404, 'not_found');
      expectError(await b('GET', `/v1/links/${aLink.id}/stats`), 404, 'not_found');
      expectError(await b('PATCH', '/v1/tags/alpha-tag', { name: 'stolen' }), 404, 'not_found');
      expectError(await b('DELETE', '/v1/tags/alpha-tag'), 404, 'not_found');
      expectError(await b('DELETE', '/v1/domains/alpha.example.com'), 404, 'not_found');
      expectError(await b('DELETE', `/v1/keys/${aKeyId}`), 404, 'not_found');
    });

    it("never lists another workspace's links, tags, domains or keys, whatever the filter or cursor", async () => {
      const bLinks = await allLinks(b);
      expect(bLinks.map((l) => l.alias)).toEqual(['bravo-own']);
      expect(await allLinks(b, 'tag=alpha-tag')).toEqual([]);
      expect(await allLinks(b, 'domain=alpha.example.com')).toEqual([]);
      expect(await allLinks(b, 'q=alpha')).toEqual([]);
      const aPage = await a('GET', '/v1/links?limit=1');
      const withTheirCursor = await b('GET', `/v1/links?cursor=${encodeURIComponent(aPage.body.next_cursor)}`);
      if (withTheirCursor.status === 200) {
        for (const l of withTheirCursor.body.data) expect(l.alias).toBe('bravo-own');
      } else {
        expectError(withTheirCursor, 400, 'invalid_cursor');
      }
      expect((await b('GET', '/v1/tags')).body.data.map((t: { name: string }) => t.name)).toEqual(['bravo-tag']);
      expect((await b('GET', '/v1/domains')).body.data).toEqual([]);
      const bKeys = (await b('GET', '/v1/keys')).body.data.map((k: { id: string }) => k.id);
      expect(bKeys).toHaveLength(1);
      expect(bKeys).not.toContain(aKeyId);
      expect(bKeys[0]).toBe(JSON.parse(Buffer.from(bKey.split('.')[1]!, 'base64url').toString()).sub);
    });

    it("refuses a link on another workspace's domain (400, path domain) and its host with 409 domain_taken", async () => {
      expectError(await b('POST', '/v1/links', { destination: D, domain: 'alpha.example.com', alias: 'hijack' }), 400, 'validation_failed', {
        paths: ['domain'],
      });
      const own = await createLink(b, { destination: D });
      expectError(await b('PATCH', `/v1/links/${own.id}`, { domain: 'alpha.example.com' }), 400, 'validation_failed', { paths: ['domain'] });
      for (const host of ['alpha.example.com', 'ALPHA.example.COM', ' alpha.example.com ']) {
        expectError(await b('POST', '/v1/domains', { host }), 409, 'domain_taken', { paths: ['host'] });
      }
      expectError(await a('POST', '/v1/domains', { host: 'alpha.example.com' }), 409, 'domain_taken', { paths: ['host'] });
      expect((await b('GET', '/v1/domains')).body.data).toEqual([]);
    });

    it("refuses another workspace's resources over GraphQL with not_found", async () => {
      const gql = graphql(lsk.base, bKey);
      const cases = [
        [`{ link(id: "${aLink.id}") { id } }`, 'link'],
        [`{ linkStats(id: "${aLink.id}") { clicks } }`, 'linkStats'],
        [`mutation { updateLink(id: "${aLink.id}", destination: "https://evil.example/") { id } }`, 'updateLink'],
        [`mutation { deleteLink(id: "${aLink.id}") }`, 'deleteLink'],
        ['mutation { updateTag(tag: "alpha-tag", name: "x") { name } }', 'updateTag'],
        ['mutation { deleteTag(name: "alpha-tag") }', 'deleteTag'],
        ['mutation { deleteDomain(host: "alpha.example.com") }', 'deleteDomain'],
        [`mutation { revokeKey(id: "${aKeyId}") { id } }`, 'revokeKey'],
      ];
      for (const [query, field] of cases) {
        const res = await gql(query!);
        expect(res.body.errors?.[0]?.extensions?.code, query).toBe('not_found');
        expect(res.body.errors[0].path).toEqual([field]);
      }
      const own = await gql('{ links(limit: 100) { data { alias } } tags { data { name } } domains { data { host } } }');
      expect(own.body.data.links.data.map((l: { alias: string }) => l.alias)).not.toContain('alpha-secret');
      expect(own.body.data.tags.data.map((t: { name: string }) => t.name)).toEqual(['bravo-tag']);
      expect(own.body.data.domains.data).toEqual([]);
    });

    it("leaves the other workspace's resources exactly as they were", async () => {
      expect((await a('GET', `/v1/links/${aLink.id}`)).body).toEqual(aLink);
      const tags = (await a('GET', '/v1/tags')).body.data;
      expect(tags.map((t: { name: string; links: number }) => [t.name, t.links])).toEqual([['alpha-tag', 2]]);
      expect((await a('GET', '/v1/domains')).body.data.map((d: { host: string }) => d.host)).toEqual(['alpha.example.com']);
      const keys = (await a('GET', '/v1/keys')).body.data;
      expect(keys.find((k: { id: string }) => k.id === aKeyId).revoked_at).toBeNull();
    });
  });

  describe('rate limits', () => {
    it('answers 429 rate_limited with Retry-After once the plan is used up, with RateLimit headers on every answer', async () => {
      const tiny = client(lsk.base, await lsk.workspace('tiny', ['--rpm', '3']));
      const remaining: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await tiny('GET', '/v1/links');
        expect(res.status).toBe(200);
        expect(res.headers.get('ratelimit-limit')).toBe('3');
        expect(res.headers.get('ratelimit-policy')).toBe('3;w=60');
        expect(res.headers.get('x-ratelimit-limit')).toBe('3');
        expect(res.headers.get('ratelimit-reset')).toMatch(/^\d+$/);
        expect(res.headers.get('x-ratelimit-remaining')).toBe(res.headers.get('ratelimit-remaining'));
        remaining.push(res.headers.get('ratelimit-remaining')!);
      }
      expect(remaining).toEqual(['2', '1', '0']);
      const refused = await tiny('POST', '/v1/links', { destination: D });
      expectError(refused, 429, 'rate_limited');
      expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      // A rolling minute (the limiter counts whole seconds, so at most one second of extra caution).
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(61);
      expect(refused.headers.get('ratelimit-remaining')).toBe('0');
      // A refused request changes nothing: once the plan allows reading again, the workspace has no links.
      await cliLines(['workspace', 'set-plan', 'tiny', '--rpm', '100'], lsk.env);
      const list = await waitFor(
        () => tiny('GET', '/v1/links'),
        (r) => r.status !== 429,
        { timeout: 10_000, interval: 200 },
      );
      expect(list.status).toBe(200);
      expect(list.body.data).toEqual([]);
    });
  });
});
