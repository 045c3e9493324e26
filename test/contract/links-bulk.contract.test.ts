/** The links repository's bulk calls: insertMany (one round trip, each link alone) and deleteMany. */
import { expect, it } from 'vitest';
import { StoreConflict } from '../../src/storage/errors.js';
import { describeStores, newLink, workspace } from './_harness.js';

describeStores('links repository, bulk', (store) => {
  it('inserts many links in order; a taken alias or a duplicate within the batch fails alone', async () => {
    const ws = await store().workspaces.create(workspace());
    await store().links.insert(newLink(ws.id, { alias: 'taken' }));
    const batch = [
      newLink(ws.id, { alias: 'first', tags: ['Shared', 'one'] }),
      newLink(ws.id, { alias: 'taken' }),
      newLink(ws.id, { alias: 'third', tags: ['shared'] }),
      newLink(ws.id, { alias: 'first' }),
    ];
    const out = await store().links.insertMany(ws.id, batch);
    expect(out.map((r) => (r instanceof StoreConflict ? `conflict:${r.field}` : r.alias))).toEqual(['first', 'conflict:alias', 'third', 'conflict:alias']);
    expect(out[0]).toEqual({ ...batch[0], tags: ['Shared', 'one'], updatedAt: batch[0]!.createdAt });
    expect(out[2]).toMatchObject({ tags: ['Shared'] });
    expect((await store().links.list(ws.id, { limit: 10 })).map((l) => l.alias).sort()).toEqual(['first', 'taken', 'third']);
    const tags = await store().tags.list(ws.id);
    expect(tags.map((t) => [t.name, t.links]).sort()).toEqual([
      ['Shared', 2],
      ['one', 1],
    ]);
  });

  it('deletes many links of one workspace only, answering the ids it deleted', async () => {
    const ws = await store().workspaces.create(workspace());
    const other = await store().workspaces.create(workspace());
    const [a, b] = await store().links.insertMany(ws.id, [newLink(ws.id, { tags: ['x'] }), newLink(ws.id)]);
    const theirs = await store().links.insert(newLink(other.id));
    const ids = [(a as { id: string }).id, 'lnk_unknown', theirs.id, (b as { id: string }).id];
    expect((await store().links.deleteMany(ws.id, ids)).sort()).toEqual([(a as { id: string }).id, (b as { id: string }).id].sort());
    expect(await store().links.list(ws.id, { limit: 10 })).toEqual([]);
    expect(await store().links.get(other.id, theirs.id)).not.toBeNull();
    expect(await store().links.deleteMany(ws.id, [])).toEqual([]);
  });

  it('inserts 1,000 links in one call, with tags: within the MongoDB outage bounds (no operation timeout, docs/adr/0022)', async () => {
    const ws = await store().workspaces.create(workspace());
    const batch = Array.from({ length: 1000 }, (_, i) => newLink(ws.id, { alias: `many-${i}`, tags: [`t${i % 20}`] }));
    const out = await store().links.insertMany(ws.id, batch);
    expect(out.filter((r) => r instanceof StoreConflict)).toEqual([]);
    expect(out).toHaveLength(1000);
    expect((await store().tags.list(ws.id)).reduce((n, t) => n + t.links, 0)).toBe(1000);
  });
});
