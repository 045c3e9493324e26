/** Links over REST: listing (paging, filters) and updating. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, client, type Lsk, STORES, startLsk } from '../support/server.js';
import { serverClock } from '../support/server-clock.js';
import { allLinks, BIG_PLAN, createLink, expectError, expectLinkShape } from './_assert.js';

type Api = ReturnType<typeof client>;

describe.each(STORES)('links over REST on %s', (store) => {
  // Moved 1 ms on between writes whose order a test reads: creation and update times increase.
  const clock = serverClock();
  const tick = clock.tick;
  let lsk: Lsk;
  /** A workspace with a generous plan for the suites below that make many calls. */
  let bulk: Api;
  let home: string;

  beforeAll(async () => {
    lsk = await startLsk(store, { env: clock.env });
    bulk = client(lsk.base, await lsk.workspace('bulk', BIG_PLAN));
    home = `localhost:${lsk.port}`;
  });
  afterAll(async () => {
    if (lsk && lsk.proc.exitCode !== null) console.log(lsk.output().slice(-5000));
    await lsk?.stop();
    clock.remove();
  });

  describe('listing', () => {
    let pager: Api;
    /** Links of the "pager" workspace in creation order. */
    const made: any[] = [];

    beforeAll(async () => {
      pager = client(lsk.base, await lsk.workspace('pager', BIG_PLAN));
      for (let i = 0; i < 45; i++) {
        // 1 ms apart on the server's clock so that creation times are strictly increasing.
        tick();
        made.push(await createLink(pager, { destination: `https://example.com/page/${i}`, alias: `page-${i}` }));
      }
    });

    it('answers {data, next_cursor} with the 20 newest links first by default', async () => {
      const res = await pager('GET', '/v1/links');
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['data', 'next_cursor']);
      expect(res.body.data.map((l: { id: string }) => l.id)).toEqual(
        made
          .slice(-20)
          .reverse()
          .map((l) => l.id),
      );
      expect(typeof res.body.next_cursor).toBe('string');
      for (const link of res.body.data) expectLinkShape(link);
      expect(res.body.data[0]).toEqual(made[44]);
    });

    it('honours limit 1 and 100, and answers next_cursor null on the last page', async () => {
      const one = await pager('GET', '/v1/links?limit=1');
      expect(one.body.data.map((l: { id: string }) => l.id)).toEqual([made[44].id]);
      expect(one.body.next_cursor).toEqual(expect.any(String));
      const all = await pager('GET', '/v1/links?limit=100');
      expect(all.body.data).toHaveLength(45);
      expect(all.body.next_cursor).toBeNull();
      const exact = await pager('GET', '/v1/links?limit=45');
      expect(exact.body.data).toHaveLength(45);
      expect(exact.body.next_cursor).toBeNull();
    });

    it('walks every link exactly once with next_cursor, even while new links are created between pages', async () => {
      const expected = [...made].reverse().map((l) => l.id);
      const seen: string[] = [];
      const fresh: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res: ApiResponse = await pager('GET', `/v1/links?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        expect(res.status, res.text).toBe(200);
        expect(res.body.data.length).toBeLessThanOrEqual(7);
        seen.push(...res.body.data.map((l: { id: string }) => l.id));
        cursor = res.body.next_cursor;
        pages++;
        // A newer link arrives between two pages: it belongs before the walk's position, so it never shows.
        fresh.push((await createLink(pager, { destination: `https://example.com/fresh/${pages}` })).id);
      } while (cursor && pages < 20);
      expect(pages).toBe(7);
      expect(seen).toEqual(expected);
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of fresh) expect(seen).not.toContain(id);
      // Clean up so later tests see the 45 links again.
      for (const id of fresh) expect((await pager('DELETE', `/v1/links/${id}`)).status).toBe(204);
    });

    it('keeps walking correctly when a link already seen is deleted between pages', async () => {
      const victim = await createLink(pager, { destination: 'https://example.com/victim' });
      const first = await pager('GET', '/v1/links?limit=5');
      expect(first.body.data[0].id).toBe(victim.id);
      expect((await pager('DELETE', `/v1/links/${victim.id}`)).status).toBe(204);
      const rest = await allLinks(pager, `cursor=${encodeURIComponent(first.body.next_cursor)}`);
      expect([...first.body.data.map((l: { id: string }) => l.id), ...rest.map((l) => l.id)]).toEqual([victim.id, ...[...made].reverse().map((l) => l.id)]);
    });

    it('filters by tag case-insensitively, by domain and by q, also across pages', async () => {
      const ws = client(lsk.base, await lsk.workspace('filters', BIG_PLAN));
      expect((await ws('POST', '/v1/domains', { host: 'f.example.net' })).status).toBe(201);
      const red1 = await createLink(ws, { destination: 'https://shop.example/red', alias: 'red-one', tags: ['Red'] });
      tick();
      const red2 = await createLink(ws, { destination: 'https://shop.example/both', alias: 'red-two', tags: ['blue', 'red'], domain: 'f.example.net' });
      tick();
      const blue = await createLink(ws, { destination: 'https://other.example/Blue', alias: 'blue-one', tags: ['Blue'], domain: 'f.example.net' });
      tick();
      const plain = await createLink(ws, { destination: 'https://plain.example/path_with_underscore', alias: 'a_b' });
      tick();
      const lookalike = await createLink(ws, { destination: 'https://plain.example/pathXwithXunderscore', alias: 'axb' });
      const ids = async (query: string) => (await allLinks(ws, query)).map((l) => l.id);

      expect(await ids('tag=red')).toEqual([red2.id, red1.id]);
      expect(await ids('tag=RED')).toEqual([red2.id, red1.id]);
      expect(await ids('tag=%20Red%20')).toEqual([red2.id, red1.id]);
      expect(await ids('tag=blue')).toEqual([blue.id, red2.id]);
      expect(await ids('tag=green')).toEqual([]);
      expect(await ids('domain=f.example.net')).toEqual([blue.id, red2.id]);
      expect(await ids('domain=F.EXAMPLE.NET')).toEqual([blue.id, red2.id]);
      expect(await ids(`domain=${encodeURIComponent(home)}`)).toEqual([lookalike.id, plain.id, red1.id]);
      expect(await ids('domain=unknown.example')).toEqual([]);
      expect(await ids('q=shop.example')).toEqual([red2.id, red1.id]);
      expect(await ids('q=red-')).toEqual([red2.id, red1.id]);
      expect(await ids('q=one')).toEqual([blue.id, red1.id]);
      expect(await ids('q=blue')).toEqual([blue.id]);
      expect(await ids('q=BLUE-ONE')).toEqual([blue.id]);
      // q is a plain substring: neither SQL LIKE wildcards nor regular-expression syntax.
      expect(await ids('q=a_b')).toEqual([plain.id]);
      expect(await ids('q=path_with')).toEqual([plain.id]);
      expect(await ids('q=%25')).toEqual([]);
      expect(await ids('q=.*')).toEqual([]);
      expect(await ids('q=x%5B')).toEqual([]);
      expect(await ids('q=nothing-matches-this')).toEqual([]);
      // Filters combine, and a filtered walk pages correctly.
      expect(await ids('tag=red&domain=f.example.net')).toEqual([red2.id]);
      expect(await ids('tag=blue&q=other')).toEqual([blue.id]);
      const page1 = await ws('GET', '/v1/links?tag=red&limit=1');
      expect(page1.body.data.map((l: { id: string }) => l.id)).toEqual([red2.id]);
      const page2 = await ws('GET', `/v1/links?tag=red&limit=1&cursor=${encodeURIComponent(page1.body.next_cursor)}`);
      expect(page2.body.data.map((l: { id: string }) => l.id)).toEqual([red1.id]);
      expect(page2.body.next_cursor).toBeNull();
    });

    it('matches q case-insensitively beyond ASCII, and tags across scripts', async () => {
      const ws = client(lsk.base, await lsk.workspace('unicode-q', BIG_PLAN));
      const cafe = await createLink(ws, { destination: 'https://example.com/CAFÉ/Straße', tags: ['Ärger'] });
      await createLink(ws, { destination: 'https://example.com/cafe/strasse', tags: ['arger'] });
      const ids = async (query: string) => (await allLinks(ws, query)).map((l) => l.id);
      expect(await ids(`q=${encodeURIComponent('café')}`)).toEqual([cafe.id]);
      expect(await ids(`q=${encodeURIComponent('CAFÉ')}`)).toEqual([cafe.id]);
      expect(await ids(`q=${encodeURIComponent('straße')}`)).toEqual([cafe.id]);
      expect(await ids(`tag=${encodeURIComponent('ärger')}`)).toEqual([cafe.id]);
      expect(await ids(`tag=${encodeURIComponent('ÄRGER')}`)).toEqual([cafe.id]);
    });

    it('answers an empty page with next_cursor null for a workspace without links', async () => {
      const empty = client(lsk.base, await lsk.workspace('empty', BIG_PLAN));
      const res = await empty('GET', '/v1/links');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: [], next_cursor: null });
    });
  });

  describe('updating', () => {
    let link: any;

    beforeAll(async () => {
      link = await createLink(bulk, { destination: 'https://example.com/patch', alias: 'patch-me', tags: ['x'], geo_targeting: { DE: 'https://example.de/' } });
      await createLink(bulk, { destination: 'https://example.com/blocker', alias: 'blocker' });
      expect((await bulk('POST', '/v1/domains', { host: 'move.example.com' })).status).toBe(201);
    });

    async function patch(body: unknown) {
      tick();
      const res = await bulk('PATCH', `/v1/links/${link.id}`, body);
      expect(res.status, res.text).toBe(200);
      expectLinkShape(res.body);
      expect(res.body.id).toBe(link.id);
      expect(res.body.created_at).toBe(link.created_at);
      expect(Date.parse(res.body.updated_at)).toBeGreaterThan(Date.parse(link.updated_at));
      expect((await bulk('GET', `/v1/links/${link.id}`)).body).toEqual(res.body);
      link = res.body;
      return res.body;
    }

    it('changes the destination and nothing else', async () => {
      const before = link;
      const after = await patch({ destination: 'https://example.com/patched' });
      expect(after).toEqual({ ...before, destination: 'https://example.com/patched', updated_at: after.updated_at });
    });

    it('changes the alias, and the short_url with it', async () => {
      const after = await patch({ alias: 'patched/alias' });
      expect(after.alias).toBe('patched/alias');
      expect(after.short_url).toBe(`http://${home}/patched/alias`);
      // The old alias is free again.
      expect((await bulk('POST', '/v1/links', { destination: 'https://example.com/', alias: 'patch-me' })).status).toBe(201);
    });

    it('moves the link to another domain of the workspace', async () => {
      const after = await patch({ domain: 'MOVE.example.com' });
      expect(after.domain).toBe('move.example.com');
      expect(after.short_url).toBe('https://move.example.com/patched/alias');
      expect((await allLinks(bulk, 'domain=move.example.com')).map((l) => l.id)).toEqual([link.id]);
    });

    it('moves domain and alias together', async () => {
      const after = await patch({ domain: home, alias: 'moved-back' });
      expect(after.short_url).toBe(`http://${home}/moved-back`);
    });

    it('replaces geo_targeting and tags, and clears both with null', async () => {
      let after = await patch({ geo_targeting: { FR: 'https://example.fr/', JP: 'https://example.jp/' }, tags: ['New', 'new', 'other'] });
      expect(after.geo_targeting).toEqual({ FR: 'https://example.fr/', JP: 'https://example.jp/' });
      expect(after.tags).toEqual(['New', 'other']);
      after = await patch({ geo_targeting: null });
      expect(after.geo_targeting).toEqual({});
      expect(after.tags).toEqual(['New', 'other']);
      after = await patch({ tags: null });
      expect(after.tags).toEqual([]);
      after = await patch({ geo_targeting: { US: 'https://example.com/us' }, tags: ['t'] });
      after = await patch({ geo_targeting: {}, tags: [] });
      expect(after.geo_targeting).toEqual({});
      expect(after.tags).toEqual([]);
    });

    it('accepts an empty patch and changes no field', async () => {
      const before = link;
      const after = await patch({});
      expect({ ...after, updated_at: null }).toEqual({ ...before, updated_at: null });
    });

    it('refuses an alias taken on the target domain with 409 alias_taken and keeps the link as it was', async () => {
      const before = (await bulk('GET', `/v1/links/${link.id}`)).body;
      expectError(await bulk('PATCH', `/v1/links/${link.id}`, { alias: 'blocker' }), 409, 'alias_taken', { paths: ['alias'] });
      expectError(await bulk('PATCH', `/v1/links/${link.id}`, { alias: 'blocker', destination: 'https://changed.example/' }), 409, 'alias_taken', {
        paths: ['alias'],
      });
      expect((await bulk('GET', `/v1/links/${link.id}`)).body).toEqual(before);
    });

    it('refuses a move to an unregistered domain with 400 (path domain) and keeps the link as it was', async () => {
      const before = (await bulk('GET', `/v1/links/${link.id}`)).body;
      expectError(
        await bulk('PATCH', `/v1/links/${link.id}`, { domain: 'not-mine.example', destination: 'https://changed.example/' }),
        400,
        'validation_failed',
        {
          paths: ['domain'],
        },
      );
      expect((await bulk('GET', `/v1/links/${link.id}`)).body).toEqual(before);
    });

    it('answers 404 not_found when patching a link that does not exist', async () => {
      expectError(await bulk('PATCH', '/v1/links/lnk_doesnotexist0000000', { destination: 'https://example.com/' }), 404, 'not_found');
    });
  });
});
