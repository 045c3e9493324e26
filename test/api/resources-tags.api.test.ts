/** Tags over REST: listing with link counts, renaming, merging, deleting, and names that need encoding. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { allLinks, BIG_PLAN, createLink, expectError, ISO_TIME } from './_assert.js';

type Api = ReturnType<typeof client>;
const D = 'https://example.com/';
const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
/** Tags as [name, links] pairs, sorted by name. */
async function tagCounts(api: Api): Promise<[string, number][]> {
  const res = await api('GET', '/v1/tags');
  expect(res.status, res.text).toBe(200);
  return [...res.body.data].sort(byName).map((t: { name: string; links: number }) => [t.name, t.links]);
}

describe.each(STORES)('tags, domains, keys and the workspace over REST on %s', (store) => {
  let lsk: Lsk;

  beforeAll(async () => {
    lsk = await startLsk(store);
  });
  afterAll(async () => {
    if (lsk && lsk.proc.exitCode !== null) console.log(lsk.output().slice(-5000));
    await lsk?.stop();
  });

  describe('tags', () => {
    let api: Api;

    beforeAll(async () => {
      api = client(lsk.base, await lsk.workspace('tagging', BIG_PLAN));
    });

    it('lists every tag with its link count and creation time, as {data}', async () => {
      await createLink(api, { destination: D, tags: ['alpha', 'beta'] });
      await createLink(api, { destination: D, tags: ['Alpha'] });
      await createLink(api, { destination: D, tags: ['gamma'] });
      const res = await api('GET', '/v1/tags');
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['data']);
      for (const t of res.body.data) {
        expect(Object.keys(t).sort()).toEqual(['created_at', 'links', 'name']);
        expect(t.created_at).toMatch(ISO_TIME);
      }
      // Tags are unique per workspace case-insensitively: "Alpha" is the tag "alpha".
      expect(await tagCounts(api)).toEqual([
        ['alpha', 2],
        ['beta', 1],
        ['gamma', 1],
      ]);
    });

    it('renames a tag with PATCH /v1/tags/{name}: links carry the new name, filters follow', async () => {
      const res = await api('PATCH', '/v1/tags/beta', { name: 'Bravo' });
      expect(res.status, res.text).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['created_at', 'links', 'name']);
      expect(res.body).toMatchObject({ name: 'Bravo', links: 1 });
      expect(await tagCounts(api)).toEqual(
        [
          ['Bravo', 1],
          ['alpha', 2],
          ['gamma', 1],
        ].sort((a, b) => (a[0]! < b[0]! ? -1 : 1)) as [string, number][],
      );
      const tagged = await allLinks(api, 'tag=bravo');
      expect(tagged).toHaveLength(1);
      expect(tagged[0].tags).toEqual(['alpha', 'Bravo']);
      expect(await allLinks(api, 'tag=beta')).toEqual([]);
      expectError(await api('PATCH', '/v1/tags/beta', { name: 'again' }), 404, 'not_found');
    });

    it('renames a tag to a different case only', async () => {
      const res = await api('PATCH', '/v1/tags/GAMMA', { name: 'Gamma' });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ name: 'Gamma', links: 1 });
      expect((await allLinks(api, 'tag=gamma'))[0].tags).toEqual(['Gamma']);
      expect((await tagCounts(api)).map(([n]) => n)).toContain('Gamma');
      expect((await tagCounts(api)).map(([n]) => n)).not.toContain('gamma');
    });

    it('merges into an existing tag: a link carrying both keeps one, counts add up', async () => {
      const ws = client(lsk.base, await lsk.workspace('merging', BIG_PLAN));
      const both = await createLink(ws, { destination: D, tags: ['x', 'keep', 'y'] });
      const onlyX = await createLink(ws, { destination: D, tags: ['x'] });
      const onlyY = await createLink(ws, { destination: D, tags: ['y'] });
      const res = await ws('PATCH', '/v1/tags/x', { name: 'y' });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ name: 'y', links: 3 });
      expect(await tagCounts(ws)).toEqual([
        ['keep', 1],
        ['y', 3],
      ]);
      const get = async (id: string) => (await ws('GET', `/v1/links/${id}`)).body.tags;
      const mergedTags = await get(both.id);
      expect(mergedTags.filter((t: string) => t === 'y')).toHaveLength(1);
      expect([...mergedTags].sort()).toEqual(['keep', 'y']);
      expect(await get(onlyX.id)).toEqual(['y']);
      expect(await get(onlyY.id)).toEqual(['y']);
      expect((await allLinks(ws, 'tag=y')).map((l) => l.id).sort()).toEqual([both.id, onlyX.id, onlyY.id].sort());
      expect(await allLinks(ws, 'tag=x')).toEqual([]);
    });

    it('deletes a tag with 204 and an empty body, removing it from every link', async () => {
      const ws = client(lsk.base, await lsk.workspace('deleting-tags', BIG_PLAN));
      const l1 = await createLink(ws, { destination: D, tags: ['drop', 'stay'] });
      const l2 = await createLink(ws, { destination: D, tags: ['Drop'] });
      const res = await ws('DELETE', '/v1/tags/DROP');
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect((await ws('GET', `/v1/links/${l1.id}`)).body.tags).toEqual(['stay']);
      expect((await ws('GET', `/v1/links/${l2.id}`)).body.tags).toEqual([]);
      expect(await tagCounts(ws)).toEqual([['stay', 1]]);
      expect(await allLinks(ws, 'tag=drop')).toEqual([]);
      expectError(await ws('DELETE', '/v1/tags/drop'), 404, 'not_found');
      // The name can be used again afterwards.
      await createLink(ws, { destination: D, tags: ['drop'] });
      expect(await tagCounts(ws)).toEqual([
        ['drop', 1],
        ['stay', 1],
      ]);
    });

    it('answers 404 not_found for an unknown tag and 400 for a bad new name', async () => {
      expectError(await api('PATCH', '/v1/tags/nope', { name: 'x' }), 404, 'not_found');
      expectError(await api('DELETE', '/v1/tags/nope'), 404, 'not_found');
      expectError(await api('PATCH', '/v1/tags/alpha', { name: '' }), 400, 'validation_failed', { paths: ['name'] });
      expectError(await api('PATCH', '/v1/tags/alpha', { name: 'n'.repeat(65) }), 400, 'validation_failed', { paths: ['name'] });
      expectError(await api('PATCH', '/v1/tags/alpha', {}), 400, 'validation_failed', { paths: ['name'] });
      expectError(await api('PATCH', '/v1/tags/alpha', { name: 5 }), 400, 'validation_failed', { paths: ['name'] });
      expectError(await api('PATCH', '/v1/tags/alpha', { name: 'ok', links: 9 }), 400, 'validation_failed', { paths: ['links'] });
      expect((await tagCounts(api)).find(([n]) => n === 'alpha')).toEqual(['alpha', 2]);
    });

    it.each([
      ['a space', 'summer sale'],
      ['umlauts', 'Grüße'],
      ['CJK characters', '日本語'],
      ['an emoji', 'party 🎉'],
      ['a percent sign', '100% off'],
      ['a question mark and a hash', 'why? #1'],
      ['a plus sign and an ampersand', 'a+b & c'],
      ['a slash', 'in/out'],
    ])('reaches a tag whose name has %s through its URL-encoded path', async (_what, name) => {
      const ws = client(lsk.base, await lsk.workspace(`enc-${Math.random().toString(36).slice(2, 10)}`, BIG_PLAN));
      const link = await createLink(ws, { destination: D, tags: [name] });
      expect(link.tags).toEqual([name]);
      expect((await allLinks(ws, new URLSearchParams({ tag: name }).toString())).map((l) => l.id)).toEqual([link.id]);
      const renamed = await ws('PATCH', `/v1/tags/${encodeURIComponent(name)}`, { name: `${name} 2` });
      expect(renamed.status, renamed.text).toBe(200);
      expect(renamed.body.name).toBe(`${name} 2`);
      expect((await ws('GET', `/v1/links/${link.id}`)).body.tags).toEqual([`${name} 2`]);
      const del = await ws('DELETE', `/v1/tags/${encodeURIComponent(`${name} 2`)}`);
      expect(del.status, del.text).toBe(204);
      expect((await ws('GET', `/v1/links/${link.id}`)).body.tags).toEqual([]);
      expect(await tagCounts(ws)).toEqual([]);
    });
  });
});
