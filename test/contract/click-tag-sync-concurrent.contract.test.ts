/**
 * Tag changes of several links of one workspace at once (a bulk update runs its links' updates side
 * by side): each sync notes the workspace's change, and none fails because another noted it at the
 * same moment (on MongoDB both may find no note and both insert one; the unique `_id` refuses the
 * second, which is then a replacement). The tags' breakdown is still exact.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { asHours, expected, randomVisits, rng } from './_clicks-reference.js';
import { batchOf, newLink, type OpenedStore, openStore, STORE_KINDS, workspace } from './_harness.js';

describe.each(STORE_KINDS)('tag syncs of one workspace at once on %s', (kind) => {
  let opened: OpenedStore | undefined;
  afterEach(async () => {
    await opened?.dispose();
    opened = undefined;
  });

  it('all succeed, and the tags count the links they hold after', async () => {
    opened = await openStore(kind);
    const { repos } = opened;
    const ws = (await repos.workspaces.create(workspace())).id;
    const links: string[] = [];
    for (let i = 0; i < 8; i++) links.push((await repos.links.insert(newLink(ws, { tags: ['old'] }))).id);
    const start = Date.parse('2026-11-20T00:00:00Z');
    const visits = randomVisits(rng(5), ws, links, start, 6, 20);
    await repos.clicks.record(batchOf(asHours(visits)));
    await repos.clicks.maintain();
    // Round after round of eight syncs at once, each on a fresh workspace note (the first round inserts it).
    for (let round = 0; round < 3; round++) {
      await Promise.all(
        links.map(async (id, i) => {
          await repos.links.update(ws, id, { tags: [i % 2 === round % 2 ? 'new' : 'old'], updatedAt: new Date(start) });
          await repos.clicks.syncTags?.(ws, { links: [id] });
        }),
      );
    }
    const tagged = await repos.links.ids(ws, { tag: 'new' });
    expect(tagged).toHaveLength(4);
    const q = { workspaceId: ws, from: start, to: start + 7 * 3_600_000, linkIds: tagged, groups: ['country' as const] };
    expect(await repos.clicks.query({ ...q, tag: 'new' })).toEqual(expected(visits, q));
  });
});
