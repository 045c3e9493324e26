/** The tags repository: canonical spellings, counts, rename, merge and delete. */
import { describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/domain/model.js';
import { at, describeStores, newLink, workspace } from './_harness.js';

describeStores('tags repository', (store) => {
  const newWorkspace = async (over: Partial<Workspace> = {}) => store().workspaces.create(workspace(over));

  describe('tags', () => {
    it('shows the first spelling a workspace used for a tag on every link (canonical spelling)', async () => {
      const ws = await newWorkspace();
      const other = await newWorkspace();
      const first = await store().links.insert(newLink(ws.id, { tags: ['Foo'] }));
      const second = await store().links.insert(newLink(ws.id, { tags: ['foo', 'Bar'] }));
      const elsewhere = await store().links.insert(newLink(other.id, { tags: ['FOO'] }));
      expect(first.tags).toEqual(['Foo']);
      expect(second.tags).toEqual(['Foo', 'Bar']);
      expect(elsewhere.tags).toEqual(['FOO']); // tags never cross workspaces
      expect((await store().links.get(ws.id, second.id))!.tags).toEqual(['Foo', 'Bar']);
    });

    it("keeps a link's tag order and collapses case-insensitive duplicates to the first", async () => {
      const ws = await newWorkspace();
      const link = await store().links.insert(newLink(ws.id, { tags: ['zeta', 'Alpha', 'alpha', 'mid', 'ZETA'] }));
      expect(link.tags).toEqual(['zeta', 'Alpha', 'mid']);
      expect((await store().links.get(ws.id, link.id))!.tags).toEqual(['zeta', 'Alpha', 'mid']);
    });

    it('lists the tags of a workspace by key with their link counts and creation times, unused ones included', async () => {
      const ws = await newWorkspace();
      const other = await newWorkspace();
      const l1 = await store().links.insert(newLink(ws.id, { tags: ['beta', 'Alpha'], createdAt: at(1) }));
      await store().links.insert(newLink(ws.id, { tags: ['alpha'], createdAt: at(2) }));
      await store().links.insert(newLink(other.id, { tags: ['alpha', 'gamma'], createdAt: at(3) }));
      expect(await store().tags.list(ws.id)).toEqual([
        { name: 'Alpha', links: 2, createdAt: at(1) },
        { name: 'beta', links: 1, createdAt: at(1) },
      ]);
      await store().links.update(ws.id, l1.id, { tags: ['delta'], updatedAt: at(10) });
      expect(await store().tags.list(ws.id)).toEqual([
        { name: 'Alpha', links: 1, createdAt: at(1) },
        { name: 'beta', links: 0, createdAt: at(1) },
        { name: 'delta', links: 1, createdAt: at(10) },
      ]);
      expect((await store().tags.list(other.id)).map((t) => [t.name, t.links])).toEqual([
        ['alpha', 1],
        ['gamma', 1],
      ]);
    });

    it('renames a tag: links show the new name in place, count and created_at are kept, the old key is gone', async () => {
      const ws = await newWorkspace();
      const l1 = await store().links.insert(newLink(ws.id, { tags: ['first', 'old', 'last'], createdAt: at(1) }));
      const l2 = await store().links.insert(newLink(ws.id, { tags: ['old'], createdAt: at(2) }));
      const renamed = await store().tags.rename(ws.id, 'old', 'New Name');
      expect(renamed).toEqual({ name: 'New Name', links: 2, createdAt: at(1) });
      expect((await store().links.get(ws.id, l1.id))!.tags).toEqual(['first', 'New Name', 'last']);
      expect((await store().links.get(ws.id, l2.id))!.tags).toEqual(['New Name']);
      expect((await store().tags.list(ws.id)).map((t) => t.name)).toEqual(['first', 'last', 'New Name']);
      expect((await store().links.list(ws.id, { limit: 10, tag: 'new name' })).map((l) => l.id)).toEqual([l2.id, l1.id]);
      expect(await store().links.list(ws.id, { limit: 10, tag: 'old' })).toEqual([]);
      expect(await store().tags.rename(ws.id, 'old', 'again')).toBeNull();
      // a link using the old name now creates a fresh tag
      const l3 = await store().links.insert(newLink(ws.id, { tags: ['OLD'], createdAt: at(3) }));
      expect(l3.tags).toEqual(['OLD']);
    });

    it('renames a tag by case only', async () => {
      const ws = await newWorkspace();
      const link = await store().links.insert(newLink(ws.id, { tags: ['a', 'promo', 'z'], createdAt: at(4) }));
      expect(await store().tags.rename(ws.id, 'promo', 'PROMO')).toEqual({ name: 'PROMO', links: 1, createdAt: at(4) });
      expect((await store().links.get(ws.id, link.id))!.tags).toEqual(['a', 'PROMO', 'z']);
      expect(await store().tags.list(ws.id)).toEqual([
        { name: 'a', links: 1, createdAt: at(4) },
        { name: 'PROMO', links: 1, createdAt: at(4) },
        { name: 'z', links: 1, createdAt: at(4) },
      ]);
    });

    it("merges a tag into the existing tag its new name matches case-insensitively; a link with both keeps one, and the target's spelling stays", async () => {
      const ws = await newWorkspace();
      const both = await store().links.insert(newLink(ws.id, { tags: ['x', 'Spring', 'y', 'Summer'], createdAt: at(1) }));
      const bothReversed = await store().links.insert(newLink(ws.id, { tags: ['Summer', 'Spring'], createdAt: at(2) }));
      const onlyFrom = await store().links.insert(newLink(ws.id, { tags: ['a', 'spring'], createdAt: at(3) }));
      const onlyTo = await store().links.insert(newLink(ws.id, { tags: ['summer'], createdAt: at(4) }));
      const merged = await store().tags.rename(ws.id, 'spring', 'SUMMER');
      expect(merged).toEqual({ name: 'Summer', links: 4, createdAt: at(1) });
      expect((await store().links.get(ws.id, both.id))!.tags).toEqual(['x', 'y', 'Summer']);
      expect((await store().links.get(ws.id, bothReversed.id))!.tags).toEqual(['Summer']);
      expect((await store().links.get(ws.id, onlyFrom.id))!.tags).toEqual(['a', 'Summer']);
      expect((await store().links.get(ws.id, onlyTo.id))!.tags).toEqual(['Summer']);
      expect(await store().tags.list(ws.id)).toEqual([
        { name: 'a', links: 1, createdAt: at(3) },
        { name: 'Summer', links: 4, createdAt: at(1) },
        { name: 'x', links: 1, createdAt: at(1) },
        { name: 'y', links: 1, createdAt: at(1) },
      ]);
      expect((await store().links.list(ws.id, { limit: 10, tag: 'summer' })).map((l) => l.id)).toEqual([onlyTo.id, onlyFrom.id, bothReversed.id, both.id]);
      expect(await store().links.list(ws.id, { limit: 10, tag: 'spring' })).toEqual([]);
    });

    it('answers null when renaming an unknown tag, and renames only within the workspace', async () => {
      const a = await newWorkspace();
      const b = await newWorkspace();
      const la = await store().links.insert(newLink(a.id, { tags: ['shared'] }));
      const lb = await store().links.insert(newLink(b.id, { tags: ['shared'] }));
      expect(await store().tags.rename(a.id, 'missing', 'whatever')).toBeNull();
      expect(await store().tags.list(a.id)).toEqual([{ name: 'shared', links: 1, createdAt: at(1) }]);
      expect((await store().tags.rename(a.id, 'shared', 'mine'))!.name).toBe('mine');
      expect((await store().links.get(a.id, la.id))!.tags).toEqual(['mine']);
      expect((await store().links.get(b.id, lb.id))!.tags).toEqual(['shared']);
      expect(await store().tags.list(b.id)).toEqual([{ name: 'shared', links: 1, createdAt: at(1) }]);
    });

    it('deletes a tag: it leaves every link of the workspace, and a second delete answers false', async () => {
      const ws = await newWorkspace();
      const other = await newWorkspace();
      const l1 = await store().links.insert(newLink(ws.id, { tags: ['a', 'Doomed', 'b'] }));
      const l2 = await store().links.insert(newLink(ws.id, { tags: ['doomed'] }));
      const lo = await store().links.insert(newLink(other.id, { tags: ['doomed'] }));
      expect(await store().tags.delete(ws.id, 'doomed')).toBe(true);
      expect((await store().links.get(ws.id, l1.id))!.tags).toEqual(['a', 'b']);
      expect((await store().links.get(ws.id, l2.id))!.tags).toEqual([]);
      expect((await store().tags.list(ws.id)).map((t) => t.name)).toEqual(['a', 'b']);
      expect(await store().links.list(ws.id, { limit: 10, tag: 'doomed' })).toEqual([]);
      expect(await store().tags.delete(ws.id, 'doomed')).toBe(false);
      expect((await store().links.get(other.id, lo.id))!.tags).toEqual(['doomed']);
      // using the name again creates a new tag with the new spelling
      const l3 = await store().links.insert(newLink(ws.id, { tags: ['DOOMED'], createdAt: at(9) }));
      expect(l3.tags).toEqual(['DOOMED']);
      expect(await store().tags.list(ws.id)).toContainEqual({ name: 'DOOMED', links: 1, createdAt: at(9) });
    });
  });
});
