/** The links repository's list orders (newest, oldest, alias), counts, and q over titles. */
import { expect, it } from 'vitest';
import type { LinkRow } from '../../src/storage/links/repository.js';
import { at, describeStores, newLink, workspace } from './_harness.js';

describeStores('links repository: orders and counts', (store) => {
  async function seed() {
    const ws = await store().workspaces.create(workspace());
    const other = await store().workspaces.create(workspace());
    const aliases = ['pear', 'Apple', 'fig', 'apple', 'kiwi'];
    for (const [i, alias] of aliases.entries()) {
      await store().links.insert(newLink(ws.id, { alias, title: i === 2 ? 'Summer Fruit' : null, createdAt: at(i % 2 === 0 ? 10 : 20) }));
    }
    await store().links.insert(newLink(other.id, { alias: 'banana', title: 'fruit' }));
    return ws.id;
  }
  /** Every link in `order`, read two at a time through `after`. */
  async function walk(ws: string, order: 'newest' | 'oldest' | 'alias'): Promise<LinkRow[]> {
    const out: LinkRow[] = [];
    for (;;) {
      const last = out[out.length - 1];
      const after = last ? (order === 'alias' ? { alias: last.alias, id: last.id } : { createdAt: last.createdAt, id: last.id }) : undefined;
      const page = await store().links.list(ws, { limit: 2, order, ...(after ? { after } : {}) });
      out.push(...page);
      if (page.length < 2) return out;
    }
  }

  it('pages through every link once in each order', async () => {
    const ws = await seed();
    const newest = await walk(ws, 'newest');
    const oldest = await walk(ws, 'oldest');
    expect(newest.map((l) => l.alias)).toHaveLength(5);
    expect(oldest).toEqual([...newest].reverse());
    expect(newest.slice(0, 2).every((l) => l.createdAt.getTime() === at(20).getTime())).toBe(true);
    expect((await walk(ws, 'alias')).map((l) => l.alias)).toEqual(['Apple', 'apple', 'fig', 'kiwi', 'pear']);
  });

  it('counts the matching links, and q finds titles as well as aliases and destinations', async () => {
    const ws = await seed();
    expect(await store().links.count(ws, {})).toBe(5);
    expect(await store().links.count(ws, { q: 'FRUIT' })).toBe(1);
    expect((await store().links.list(ws, { limit: 10, q: 'summer' })).map((l) => l.alias)).toEqual(['fig']);
    expect(await store().links.count(ws, { q: 'APP' })).toBe(2);
    expect((await store().links.ids(ws, { q: 'ki' })).length).toBe(1);
  });
});
