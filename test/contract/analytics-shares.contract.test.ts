/** The shared analytics repository (docs/adr/0215). */
import { expect, it } from 'vitest';
import type { AnalyticsShare } from '../../src/storage/analytics-shares/repository.js';
import { at, describeStores, uid, workspace } from './_harness.js';

const share = (workspaceId: string, over: Partial<AnalyticsShare> = {}): AnalyticsShare => ({
  id: uid('shr'),
  workspaceId,
  tokenHash: uid('hash'),
  linkId: null,
  tag: null,
  domain: null,
  expiresAt: null,
  createdAt: at(1),
  createdBy: { type: 'key', id: 'key_abc', label: 'ci' },
  ...over,
});

describeStores('analytics shares repository', (store) => {
  const newWorkspace = async () => store().workspaces.create(workspace());

  it('inserts, gets, finds by token hash, counts and deletes within a workspace', async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    const s = await store().analyticsShares.insert(share(ws.id, { tag: 'Spring', expiresAt: at(9) }));
    expect(await store().analyticsShares.get(ws.id, s.id)).toEqual(s);
    expect(await store().analyticsShares.get(other.id, s.id)).toBeNull();
    expect(await store().analyticsShares.byTokenHash(s.tokenHash)).toEqual(s);
    expect(await store().analyticsShares.byTokenHash('nothing')).toBeNull();
    expect(await store().analyticsShares.count(ws.id)).toBe(1);
    expect(await store().analyticsShares.count(other.id)).toBe(0);
    expect(await store().analyticsShares.delete(other.id, s.id)).toBe(false);
    expect(await store().analyticsShares.delete(ws.id, s.id)).toBe(true);
    expect(await store().analyticsShares.delete(ws.id, s.id)).toBe(false);
    expect(await store().analyticsShares.byTokenHash(s.tokenHash)).toBeNull();
  });

  it('lists newest first in pages after a position, one workspace only', async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    const n = uid('n');
    const a = await store().analyticsShares.insert(share(ws.id, { id: `shr_a${n}`, createdAt: at(1) }));
    const b = await store().analyticsShares.insert(share(ws.id, { id: `shr_b${n}`, createdAt: at(2) }));
    const c = await store().analyticsShares.insert(share(ws.id, { id: `shr_c${n}`, createdAt: at(2) }));
    await store().analyticsShares.insert(share(other.id, { createdAt: at(3) }));
    expect(await store().analyticsShares.list(ws.id, 10)).toEqual([c, b, a]);
    expect(await store().analyticsShares.list(ws.id, 2)).toEqual([c, b]);
    expect(await store().analyticsShares.list(ws.id, 2, { createdAt: c.createdAt, id: c.id })).toEqual([b, a]);
    expect(await store().analyticsShares.list(ws.id, 2, { createdAt: a.createdAt, id: a.id })).toEqual([]);
  });

  it("deletes one link's shares only, and a deleted workspace's in batches", async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    await store().analyticsShares.insert(share(ws.id, { linkId: 'lnk_one' }));
    await store().analyticsShares.insert(share(ws.id, { linkId: 'lnk_one' }));
    const kept = await store().analyticsShares.insert(share(ws.id, { linkId: 'lnk_two' }));
    const elsewhere = await store().analyticsShares.insert(share(other.id, { linkId: 'lnk_one' }));
    expect(await store().analyticsShares.deleteForLink(ws.id, 'lnk_one')).toBe(2);
    expect(await store().analyticsShares.list(ws.id, 10)).toEqual([kept]);
    expect(await store().analyticsShares.get(other.id, elsewhere.id)).toEqual(elsewhere);
    await store().analyticsShares.insert(share(ws.id));
    expect(await store().analyticsShares.purgeWorkspace(ws.id, 1)).toBe(1);
    expect(await store().analyticsShares.purgeWorkspace(ws.id, 10)).toBe(1);
    expect(await store().analyticsShares.purgeWorkspace(ws.id, 10)).toBe(0);
    expect(await store().analyticsShares.count(other.id)).toBe(1);
  });
});
