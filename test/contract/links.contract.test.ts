/** The links repository: links and their tags, redirects, updates, deletion and conflicts (listing: links-list.contract.test.ts). */
import { describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/domain/model.js';
import type { LinkRow } from '../../src/storage/links/repository.js';
import { at, describeStores, expectConflict, newLink, workspace } from './_harness.js';

/** What findRedirect answers for a link. */
function target(l: LinkRow | null) {
  if (!l) throw new Error('expected a link');
  const { externalId: _e, tags: _t, createdAt: _c, updatedAt: _u, ...redirect } = l;
  return redirect;
}

describeStores('links repository', (store) => {
  const newWorkspace = async (over: Partial<Workspace> = {}) => store().workspaces.create(workspace(over));

  describe('links', () => {
    it('inserts a link and returns it with zero clicks, updated_at = created_at, geo targeting and tags', async () => {
      const ws = await newWorkspace();
      const input = newLink(ws.id, {
        alias: 'Launch/2026',
        destination: 'https://example.com/a?b=c',
        geoTargeting: { DE: 'https://example.de/', US: 'https://example.com/us' },
        tags: ['Launch', 'q4'],
        createdAt: at(10),
      });
      const link = await store().links.insert(input);
      const expected = {
        id: input.id,
        workspaceId: ws.id,
        domain: 'go.example',
        alias: 'Launch/2026',
        destination: 'https://example.com/a?b=c',
        geoTargeting: { DE: 'https://example.de/', US: 'https://example.com/us' },
        tags: ['Launch', 'q4'],
        createdAt: at(10),
        updatedAt: at(10),
        ...{ title: null, externalId: null, expiresAt: null, expiredUrl: null, maxClicks: null, passwordHash: null, deviceTargeting: {} },
        ...{ rules: null, variants: null, utm: null, preview: null },
      };
      expect(link).toEqual(expected);
      expect(await store().links.get(ws.id, input.id)).toEqual(expected);
    });

    it('keeps a link inside its workspace: another workspace gets null for it', async () => {
      const a = await newWorkspace();
      const b = await newWorkspace();
      const link = await store().links.insert(newLink(a.id));
      expect(await store().links.get(b.id, link.id)).toBeNull();
      expect(await store().links.get(a.id, 'lnk_unknown')).toBeNull();
      expect(await store().links.update(b.id, link.id, { destination: 'https://evil.example/', updatedAt: at(20) })).toBeNull();
      expect(await store().links.delete(b.id, link.id)).toBe(false);
      expect(await store().links.get(a.id, link.id)).toEqual(link);
      expect(await store().links.list(b.id, { limit: 10 })).toEqual([]);
    });

    it('refuses the same alias twice on one domain, as a conflict on alias, without leaving its new tags behind', async () => {
      const a = await newWorkspace();
      const b = await newWorkspace();
      await store().links.insert(newLink(a.id, { alias: 'promo', tags: ['kept'] }));
      await expectConflict(store().links.insert(newLink(a.id, { alias: 'promo', tags: ['kept', 'ghost'] })), 'alias');
      // the alias is unique per domain across workspaces
      await expectConflict(store().links.insert(newLink(b.id, { alias: 'promo', tags: ['ghost'] })), 'alias');
      expect((await store().tags.list(a.id)).map((t) => t.name)).toEqual(['kept']);
      expect(await store().tags.list(b.id)).toEqual([]);
      expect(await store().links.list(a.id, { limit: 10 })).toHaveLength(1);
    });

    it('allows the same alias on another domain, and treats aliases that differ by case as different', async () => {
      const ws = await newWorkspace();
      const one = await store().links.insert(newLink(ws.id, { domain: 'go.example', alias: 'promo' }));
      const two = await store().links.insert(newLink(ws.id, { domain: 'other.example', alias: 'promo' }));
      const three = await store().links.insert(newLink(ws.id, { domain: 'go.example', alias: 'Promo' }));
      expect(new Set([one.id, two.id, three.id]).size).toBe(3);
      expect(await store().links.list(ws.id, { limit: 10 })).toHaveLength(3);
    });

    it('refuses a second link with a taken id, as a conflict on id', async () => {
      const ws = await newWorkspace();
      const first = await store().links.insert(newLink(ws.id, { alias: 'one' }));
      await expectConflict(store().links.insert(newLink(ws.id, { id: first.id, alias: 'two' })), 'id');
      expect(await store().links.get(ws.id, first.id)).toEqual(first);
    });

    it('finds a link by domain and exact (case-sensitive) alias from any workspace', async () => {
      const ws = await newWorkspace();
      const link = await store().links.insert(newLink(ws.id, { domain: 'go.example', alias: 'Promo', tags: ['x'] }));
      expect(await store().links.findRedirect('go.example', 'Promo')).toEqual(target(link));
      expect(await store().links.findRedirect('go.example', 'promo')).toBeNull();
      expect(await store().links.findRedirect('other.example', 'Promo')).toBeNull();
    });

    it('updates each field on its own, bumping updated_at and keeping everything else', async () => {
      const ws = await newWorkspace();
      const link = await store().links.insert(
        newLink(ws.id, { alias: 'orig', geoTargeting: { DE: 'https://example.de/' }, tags: ['a', 'b'], createdAt: at(1) }),
      );

      const d = await store().links.update(ws.id, link.id, { destination: 'https://example.org/new', updatedAt: at(2) });
      expect(d).toEqual({ ...link, destination: 'https://example.org/new', updatedAt: at(2) });

      const g = await store().links.update(ws.id, link.id, { geoTargeting: { US: 'https://example.com/us' }, updatedAt: at(3) });
      expect(g).toEqual({ ...d, geoTargeting: { US: 'https://example.com/us' }, updatedAt: at(3) });

      const g0 = await store().links.update(ws.id, link.id, { geoTargeting: {}, updatedAt: at(4) });
      expect(g0).toEqual({ ...g, geoTargeting: {}, updatedAt: at(4) });

      const t = await store().links.update(ws.id, link.id, { tags: ['c', 'A'], updatedAt: at(5) });
      expect(t).toEqual({ ...g0, tags: ['c', 'a'], updatedAt: at(5) }); // "a" exists: its spelling wins

      const t0 = await store().links.update(ws.id, link.id, { tags: [], updatedAt: at(6) });
      expect(t0).toEqual({ ...t, tags: [], updatedAt: at(6) });

      const al = await store().links.update(ws.id, link.id, { alias: 'renamed', updatedAt: at(7) });
      expect(al).toEqual({ ...t0, alias: 'renamed', updatedAt: at(7) });

      const dm = await store().links.update(ws.id, link.id, { domain: 'other.example', updatedAt: at(8) });
      expect(dm).toEqual({ ...al, domain: 'other.example', updatedAt: at(8) });

      const only = await store().links.update(ws.id, link.id, { updatedAt: at(9) });
      expect(only).toEqual({ ...dm, updatedAt: at(9) });
      expect(await store().links.get(ws.id, link.id)).toEqual(only);
      expect(await store().links.findRedirect('other.example', 'renamed')).toEqual(target(only));
      expect(await store().links.findRedirect('go.example', 'orig')).toBeNull();
    });

    it('moves a link to another domain and alias, refusing a taken pair as a conflict on alias that changes nothing', async () => {
      const ws = await newWorkspace();
      await store().links.insert(newLink(ws.id, { domain: 'b.example', alias: 'taken' }));
      const link = await store().links.insert(newLink(ws.id, { domain: 'a.example', alias: 'mine', tags: ['keep'] }));

      await expectConflict(
        store().links.update(ws.id, link.id, {
          domain: 'b.example',
          alias: 'taken',
          destination: 'https://changed.example/',
          tags: ['ghost'],
          updatedAt: at(50),
        }),
        'alias',
      );
      expect(await store().links.get(ws.id, link.id)).toEqual(link);
      expect((await store().tags.list(ws.id)).map((t) => t.name)).toEqual(['keep']);

      const moved = await store().links.update(ws.id, link.id, { domain: 'b.example', alias: 'Taken', updatedAt: at(51) });
      expect(moved).toMatchObject({ domain: 'b.example', alias: 'Taken', updatedAt: at(51) });
      expect(await store().links.findRedirect('b.example', 'Taken')).toEqual(target(moved));
      // its old (domain, alias) is free again
      await store().links.insert(newLink(ws.id, { domain: 'a.example', alias: 'mine' }));
    });

    it('answers null when updating an unknown link, without creating its tags', async () => {
      const ws = await newWorkspace();
      expect(await store().links.update(ws.id, 'lnk_unknown', { tags: ['nope'], updatedAt: at(2) })).toBeNull();
      expect(await store().tags.list(ws.id)).toEqual([]);
    });

    it('deletes a link once, freeing its alias and keeping its tag', async () => {
      const ws = await newWorkspace();
      const link = await store().links.insert(newLink(ws.id, { alias: 'gone', tags: ['t'] }));
      expect(await store().links.delete(ws.id, link.id)).toBe(true);
      expect(await store().links.delete(ws.id, link.id)).toBe(false);
      expect(await store().links.get(ws.id, link.id)).toBeNull();
      expect(await store().links.findRedirect('go.example', 'gone')).toBeNull();
      expect(await store().tags.list(ws.id)).toEqual([{ name: 't', links: 0, createdAt: at(1) }]);
      const again = await store().links.insert(newLink(ws.id, { alias: 'gone' }));
      expect(again.alias).toBe('gone');
    });

    it('counts the links of a workspace on a domain', async () => {
      const a = await newWorkspace();
      const b = await newWorkspace();
      await store().links.insert(newLink(a.id, { domain: 'go.example' }));
      await store().links.insert(newLink(a.id, { domain: 'go.example' }));
      await store().links.insert(newLink(a.id, { domain: 'other.example' }));
      await store().links.insert(newLink(b.id, { domain: 'go.example' }));
      expect(await store().links.countOnDomain(a.id, 'go.example')).toBe(2);
      expect(await store().links.countOnDomain(a.id, 'other.example')).toBe(1);
      expect(await store().links.countOnDomain(b.id, 'go.example')).toBe(1);
      expect(await store().links.countOnDomain(b.id, 'other.example')).toBe(0);
    });

    it("lists the ids of a workspace's links, by domain and by tag key", async () => {
      const a = await newWorkspace();
      const b = await newWorkspace();
      const l1 = await store().links.insert(newLink(a.id, { domain: 'go.example', tags: ['Red'] }));
      const l2 = await store().links.insert(newLink(a.id, { domain: 'other.example', tags: ['red', 'blue'] }));
      const l3 = await store().links.insert(newLink(a.id, { domain: 'go.example' }));
      await store().links.insert(newLink(b.id, { domain: 'go.example', tags: ['red'] }));
      const sorted = async (p: Promise<string[]>) => (await p).sort();
      expect(await sorted(store().links.ids(a.id, {}))).toEqual([l1.id, l2.id, l3.id].sort());
      expect(await sorted(store().links.ids(a.id, { domain: 'go.example' }))).toEqual([l1.id, l3.id].sort());
      expect(await sorted(store().links.ids(a.id, { tag: 'red' }))).toEqual([l1.id, l2.id].sort());
      expect(await sorted(store().links.ids(a.id, { tag: 'red', domain: 'other.example' }))).toEqual([l2.id]);
      expect(await store().links.ids(a.id, { tag: 'none' })).toEqual([]);
    });

    it("reads the workspace's links among given ids, with their tags, leaving out unknown and foreign ones", async () => {
      const a = await newWorkspace();
      const b = await newWorkspace();
      const l1 = await store().links.insert(newLink(a.id, { tags: ['Red'] }));
      const l2 = await store().links.insert(newLink(a.id));
      const foreign = await store().links.insert(newLink(b.id));
      const got = await store().links.byIds(a.id, [l2.id, 'lnk_unknown', foreign.id, l1.id]);
      expect(got.sort((x, y) => (x.id < y.id ? -1 : 1))).toEqual([l1, l2].sort((x, y) => (x.id < y.id ? -1 : 1)));
      expect(await store().links.byIds(a.id, [])).toEqual([]);
    });
  });
});
