/** The links repository: listing links, newest first, paged with `after`, filtered by tag, domain and q. */
import { describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/domain/model.js';
import type { LinkFilter, LinkQuery, LinkRow } from '../../src/storage/links/repository.js';
import { at, describeStores, newLink, workspace } from './_harness.js';

describeStores('links repository', (store) => {
  const newWorkspace = async (over: Partial<Workspace> = {}) => store().workspaces.create(workspace(over));

  describe('listing links', () => {
    it('lists links newest first, ties on created_at broken by id descending', async () => {
      const ws = await newWorkspace();
      await store().links.insert(newLink(ws.id, { id: 'lnk_b', createdAt: at(1) }));
      await store().links.insert(newLink(ws.id, { id: 'lnk_d', createdAt: at(2) }));
      await store().links.insert(newLink(ws.id, { id: 'lnk_a', createdAt: at(2) }));
      await store().links.insert(newLink(ws.id, { id: 'lnk_c', createdAt: at(2) }));
      await store().links.insert(newLink(ws.id, { id: 'lnk_e', createdAt: at(0) }));
      const ids = (await store().links.list(ws.id, { limit: 10 })).map((l) => l.id);
      expect(ids).toEqual(['lnk_d', 'lnk_c', 'lnk_a', 'lnk_b', 'lnk_e']);
      expect((await store().links.list(ws.id, { limit: 2 })).map((l) => l.id)).toEqual(['lnk_d', 'lnk_c']);
    });

    it('pages with `after` without duplicates or skips, even when links are inserted between pages', async () => {
      const ws = await newWorkspace();
      // three share one timestamp so that a page boundary falls inside a tie
      const times: Record<string, number> = { lnk_a: 1, lnk_b: 2, lnk_c: 3, lnk_d: 3, lnk_e: 3, lnk_f: 4, lnk_g: 5, lnk_h: 6 };
      for (const [id, s] of Object.entries(times)) await store().links.insert(newLink(ws.id, { id, createdAt: at(s) }));
      const expectedOrder = Object.keys(times).sort((x, y) => times[y]! - times[x]! || (x < y ? 1 : -1));
      expect(expectedOrder).toEqual(['lnk_h', 'lnk_g', 'lnk_f', 'lnk_e', 'lnk_d', 'lnk_c', 'lnk_b', 'lnk_a']);

      const seen: string[] = [];
      let after: { createdAt: Date; id: string } | undefined;
      for (let page = 0; page < 20; page++) {
        const links = await store().links.list(ws.id, { limit: 3, after });
        if (links.length === 0) break;
        seen.push(...links.map((l) => l.id));
        const last = links[links.length - 1]!;
        after = { createdAt: last.createdAt, id: last.id };
        // writers keep adding links between pages: newer ones, one in the cursor's tie ahead of it
        // (a greater id), and one in the tie behind it (a smaller id: it belongs to the later pages)
        await store().links.insert(newLink(ws.id, { id: `lnk_new${page}`, createdAt: at(100 + page) }));
        await store().links.insert(newLink(ws.id, { id: `lnk_zz${page}`, createdAt: last.createdAt }));
        await store().links.insert(newLink(ws.id, { id: `lnk_0${page}`, createdAt: last.createdAt }));
      }
      expect(new Set(seen).size).toBe(seen.length); // no duplicates
      expect(seen.filter((id) => id in times)).toEqual(expectedOrder); // no skips, newest first
      expect(seen.filter((id) => id.startsWith('lnk_new') || id.startsWith('lnk_zz'))).toEqual([]);
      expect(seen.filter((id) => id.startsWith('lnk_0')).length).toBeGreaterThan(0);
    });

    it('filters by tag key, by domain and by both, combined with paging', async () => {
      const ws = await newWorkspace();
      const other = await newWorkspace();
      const l1 = await store().links.insert(newLink(ws.id, { domain: 'a.example', tags: ['Red', 'blue'], createdAt: at(1) }));
      const l2 = await store().links.insert(newLink(ws.id, { domain: 'b.example', tags: ['red'], createdAt: at(2) }));
      const l3 = await store().links.insert(newLink(ws.id, { domain: 'a.example', tags: ['green'], createdAt: at(3) }));
      const l4 = await store().links.insert(newLink(ws.id, { domain: 'a.example', tags: ['RED'], createdAt: at(4) }));
      await store().links.insert(newLink(other.id, { domain: 'a.example', tags: ['red'], createdAt: at(5) }));
      const ids = async (q: LinkQuery) => (await store().links.list(ws.id, q)).map((l) => l.id);
      expect(await ids({ limit: 10, tag: 'red' })).toEqual([l4.id, l2.id, l1.id]);
      expect(await ids({ limit: 10, tag: 'blue' })).toEqual([l1.id]);
      expect(await ids({ limit: 10, tag: 'none' })).toEqual([]);
      expect(await ids({ limit: 10, domain: 'a.example' })).toEqual([l4.id, l3.id, l1.id]);
      expect(await ids({ limit: 10, domain: 'a.example', tag: 'red' })).toEqual([l4.id, l1.id]);
      expect(await ids({ limit: 1, domain: 'a.example', tag: 'red', after: { createdAt: l4.createdAt, id: l4.id } })).toEqual([l1.id]);
      // every link shows the tag's canonical (first) spelling
      expect((await store().links.list(ws.id, { limit: 10, tag: 'red' })).map((l) => l.tags)).toEqual([['Red'], ['Red'], ['Red', 'blue']]);
    });

    it("filters by a restricted key's domains and tag keys (any of each, both combined), in lists and ids", async () => {
      const ws = await newWorkspace();
      const other = await newWorkspace();
      const l1 = await store().links.insert(newLink(ws.id, { domain: 'a.example', tags: ['Red', 'blue'], createdAt: at(1) }));
      const l2 = await store().links.insert(newLink(ws.id, { domain: 'b.example', tags: ['red'], createdAt: at(2) }));
      const l3 = await store().links.insert(newLink(ws.id, { domain: 'c.example', tags: ['green'], createdAt: at(3) }));
      const l4 = await store().links.insert(newLink(ws.id, { domain: 'a.example', tags: [], createdAt: at(4) }));
      await store().links.insert(newLink(other.id, { domain: 'a.example', tags: ['red'], createdAt: at(5) }));
      const ids = async (q: LinkQuery) => (await store().links.list(ws.id, q)).map((l) => l.id);
      expect(await ids({ limit: 10, domainIn: ['a.example', 'b.example'] })).toEqual([l4.id, l2.id, l1.id]);
      expect(await ids({ limit: 10, tagIn: ['red', 'green'] })).toEqual([l3.id, l2.id, l1.id]);
      expect(await ids({ limit: 10, domainIn: ['a.example'], tagIn: ['blue', 'green'] })).toEqual([l1.id]);
      expect(await ids({ limit: 10, domainIn: [] })).toEqual([]);
      expect(await ids({ limit: 10, tagIn: ['red'], tag: 'blue' })).toEqual([l1.id]);
      expect((await store().links.ids(ws.id, { tagIn: ['red'] })).sort()).toEqual([l1.id, l2.id].sort());
    });

    it('walks every link in pages (an export): newest first, filtered, each link once with its tags, and stops when the caller does', async () => {
      const ws = await newWorkspace();
      const other = await newWorkspace();
      const made: string[] = [];
      for (let i = 0; i < 7; i++) {
        const l = await store().links.insert(newLink(ws.id, { domain: i % 2 ? 'a.example' : 'b.example', tags: i % 3 ? ['red'] : [], createdAt: at(i % 4) }));
        made.push(l.id);
      }
      await store().links.insert(newLink(other.id, { domain: 'a.example', tags: ['red'], createdAt: at(9) }));
      const walk = async (filter: LinkFilter, size: number) => {
        const pages: LinkRow[][] = [];
        for await (const page of store().links.pages(ws.id, filter, size)) pages.push(page);
        return pages;
      };
      const all = await walk({}, 3);
      expect(all.map((p) => p.length)).toEqual([3, 3, 1]);
      expect(all.flat().map((l) => l.id)).toEqual((await store().links.list(ws.id, { limit: 100 })).map((l) => l.id));
      expect(new Set(all.flat().map((l) => l.id))).toEqual(new Set(made));
      expect(all.flat().find((l) => l.id === made[1])!.tags).toEqual(['red']);
      // A page size that divides the links: no empty page at the end.
      expect((await walk({}, 7)).map((p) => p.length)).toEqual([7]);
      const red = await walk({ tag: 'red', domainIn: ['a.example'] }, 2);
      expect(red.flat().map((l) => l.id)).toEqual((await store().links.list(ws.id, { limit: 100, tag: 'red', domainIn: ['a.example'] })).map((l) => l.id));
      expect(red.flat().length).toBe(made.filter((_id, i) => i % 3 !== 0 && i % 2 === 1).length);
      expect(await walk({ tag: 'none' }, 3)).toEqual([]);
      // A caller that stops after one page (a client gone mid-export) ends the walk there (the MongoDB
      // cursor is closed), and the store answers the next walks whole.
      for (let round = 0; round < 3; round++) {
        for await (const page of store().links.pages(ws.id, {}, 2)) {
          expect(page.length).toBe(2);
          break;
        }
      }
      expect((await walk({}, 4)).flat().length).toBe(7);
    });

    it('filters by q as a case-insensitive substring of the alias or the destination', async () => {
      const ws = await newWorkspace();
      const byAlias = await store().links.insert(newLink(ws.id, { alias: 'Summer-Sale', destination: 'https://shop.example/x', createdAt: at(1) }));
      const byDest = await store().links.insert(newLink(ws.id, { alias: 'x1', destination: 'https://example.com/SUMMER/deals', createdAt: at(2) }));
      await store().links.insert(newLink(ws.id, { alias: 'winter', destination: 'https://example.com/winter', createdAt: at(3) }));
      const ids = async (q: string) => (await store().links.list(ws.id, { limit: 10, q })).map((l) => l.id);
      expect(await ids('summer')).toEqual([byDest.id, byAlias.id]);
      expect(await ids('SuMmEr')).toEqual([byDest.id, byAlias.id]);
      expect(await ids('sale')).toEqual([byAlias.id]);
      expect(await ids('/deals')).toEqual([byDest.id]);
      expect(await ids('autumn')).toEqual([]);
      expect(await ids('')).toHaveLength(3); // an empty q filters nothing
    });

    it('treats regex metacharacters in q literally (q="a.b" does not match "axb")', async () => {
      const ws = await newWorkspace();
      const dotted = await store().links.insert(newLink(ws.id, { alias: 'a.b', destination: 'https://example.com/1', createdAt: at(1) }));
      await store().links.insert(newLink(ws.id, { alias: 'axb', destination: 'https://example.com/2', createdAt: at(2) }));
      const odd = await store().links.insert(newLink(ws.id, { alias: 'odd', destination: 'https://example.com/p?q=(1+2)*[3]|$^\\{4}', createdAt: at(3) }));
      const ids = async (q: string) => (await store().links.list(ws.id, { limit: 10, q })).map((l) => l.id);
      expect(await ids('a.b')).toEqual([dotted.id]);
      expect(await ids('A.B')).toEqual([dotted.id]);
      expect(await ids('.*')).toEqual([]);
      expect(await ids('(1+2)*')).toEqual([odd.id]);
      expect(await ids('[3]|$^\\{4}')).toEqual([odd.id]);
      expect(await ids('?')).toEqual([odd.id]);
      expect(await ids('[')).toEqual([odd.id]);
    });
  });

  it('matches q case-insensitively beyond ASCII', async () => {
    const ws = await newWorkspace();
    await store().links.insert(newLink(ws.id, { id: 'lnk_umlaut', destination: 'https://example.de/%C3%84rger' }));
    await store().links.insert(newLink(ws.id, { id: 'lnk_greek', alias: 'ΑΒΓ'.length ? 'abg' : 'x', destination: 'https://example.gr/?q=ΑΒΓ' }));
    expect((await store().links.list(ws.id, { limit: 10, q: '%c3%84RGER' })).map((l) => l.id)).toEqual(['lnk_umlaut']);
    expect((await store().links.list(ws.id, { limit: 10, q: 'αβγ' })).map((l) => l.id)).toEqual(['lnk_greek']);
  });
});
