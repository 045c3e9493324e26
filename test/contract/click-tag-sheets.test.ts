/**
 * Reads scoped to one tag (docs/adr/0098), on both stores, against the visit-by-visit reference:
 * both stores answer them from tag sheets kept in step with the links' tags (docs/adr/0098, 0182),
 * or from the links' sheets where the tag's are not in step; the answers must be the same through
 * closings, tag changes (synced or not yet), a tag taken off a link, a link deleted, a tag renamed
 * and a tag deleted.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bucketStarts } from '../../src/domain/analytics/buckets.js';
import { ManualClock } from '../../src/domain/clock.js';
import type { ClickQuery } from '../../src/storage/clicks/repository.js';
import type { Repositories } from '../../src/storage/repositories.js';
import { ALL_GROUPS, asHours, expected, type Recorded, randomVisits, rng } from './_clicks-reference.js';
import { batchOf, newLink, type OpenedStore, openStore, STORE_KINDS, workspace } from './_harness.js';

const DAY = 86_400_000;

describe.each(STORE_KINDS)('reads scoped to one tag on %s', (kind) => {
  let opened: OpenedStore | undefined;
  afterEach(async () => {
    await opened?.dispose();
    opened = undefined;
  });
  const start = Date.parse('2026-09-28T00:00:00Z');
  const clock = new ManualClock(start + 70 * DAY);

  /** Every tag-scoped query shape, for each tag, compared with the reference over the visits. */
  async function check(repos: Repositories, ws: string, visits: Recorded[], tags: readonly string[]): Promise<void> {
    const windows: [number, number][] = [
      [start, start + 66 * DAY],
      [start + 3 * DAY + 5 * 3_600_000, start + 40 * DAY + 17 * 3_600_000],
    ];
    for (const tag of tags) {
      const linkIds = await repos.links.ids(ws, { tag });
      for (const [from, to] of windows) {
        const base = { workspaceId: ws, from, to, linkIds, tag };
        const queries: ClickQuery[] = [
          { ...base, groups: [...ALL_GROUPS] },
          { ...base, groups: ['link'] },
          { ...base, filter: { country: { in: ['DE'] } }, groups: ['device', 'link'] },
          { ...base, filter: { domain: { in: ['l.example'] } }, groups: ['referrer'] },
          { ...base, buckets: bucketStarts(from, to, 'day', 'Europe/Berlin') },
          { ...base, buckets: bucketStarts(from, to, 'month', 'UTC'), filter: { trigger: { in: ['qr'] } } },
          { ...base, buckets: bucketStarts(from, to, 'week', 'Europe/Berlin'), groups: ['link'] },
        ];
        // FerretDB is slow per read: every other query there.
        for (const q of kind === 'sqlite' ? queries : queries.filter((_, i) => i % 2 === 0)) {
          const { tag: _t, ...plain } = q;
          expect(await repos.clicks.query(q), `${tag} ${JSON.stringify(q).slice(0, 200)}`).toEqual(expected(visits, plain));
        }
      }
    }
  }

  it('answers exactly like the tagged links do, through closings, tag changes, a link deleted, a tag renamed and deleted', async () => {
    clock.set(start + 70 * DAY);
    opened = await openStore(kind, { clock });
    const repos = opened.repos;
    const clicks = repos.clicks;
    const ws = (await repos.workspaces.create(workspace())).id;
    const tagsOf = [['launch', 'social'], ['launch'], ['social'], []];
    const links: string[] = [];
    for (const tags of tagsOf) links.push((await repos.links.insert(newLink(ws, { tags }))).id);
    /**
     * Sync only what changed (as the services do): on SQLite it moves `moved` link-tag pairs (MongoDB
     * counts them per writer slot holding the link's sheets); nothing is left behind.
     */
    const sync = async (only: { links?: string[]; tags?: string[] } | undefined, moved: number) => {
      const n = await clicks.syncTags?.(ws, only);
      if (kind === 'sqlite') expect(n).toBe(moved);
      // MongoDB moves its own and free slots at once; a slot held or being compacted, at its upkeep.
      else for (let i = 0; i < 3; i++) await clicks.maintain();
      expect(await clicks.syncTags?.(ws)).toBe(0);
    };
    // Each insert recorded its link's tags itself (SQLite, in its transaction): nothing to move.
    await sync(undefined, 0);
    const n = kind === 'sqlite' ? 600 : 30;
    const visits = randomVisits(rng(11), ws, links, start, 66 * 24, n);
    await clicks.record(batchOf(asHours(visits)));
    const tags = ['launch', 'social', 'none'];
    await check(repos, ws, visits, tags);
    await clicks.maintain(); // closes every hour into the sheets (and the tag sheets)
    await check(repos, ws, visits, tags);

    // The first link loses `launch`, the last gains it: past clicks follow the current tags.
    await repos.links.update(ws, links[0]!, { tags: ['social'], updatedAt: new Date(clock.now()) });
    await repos.links.update(ws, links[3]!, { tags: ['launch'], updatedAt: new Date(clock.now()) });
    await sync({ links: [links[0]!, links[3]!] }, 2);
    await check(repos, ws, visits, tags);

    // A change not synced yet still answers exactly (the tag's links' sheets), then synced.
    await repos.links.update(ws, links[1]!, { tags: [], updatedAt: new Date(clock.now()) });
    await check(repos, ws, visits, tags);
    expect(await clicks.syncTags?.(ws, { links: [links[0]!] })).toBe(0); // not this link's change
    await sync({ links: [links[1]!] }, 1);
    await check(repos, ws, visits, tags);

    // Late clicks, closed under the new tags.
    const late = randomVisits(rng(5), ws, links, start, 66 * 24, n / 3);
    await clicks.record(batchOf(asHours(late)));
    visits.push(...late);
    await check(repos, ws, visits, tags);
    clock.advance(2 * 60_000);
    await clicks.maintain();
    await check(repos, ws, visits, tags);

    // A link deleted: its clicks leave its tags' answers.
    await repos.links.delete(ws, links[2]!);
    await clicks.forget(ws, links[2]!);
    const kept = visits.filter((v) => v.linkId !== links[2]);
    await check(repos, ws, kept, tags);

    // A tag renamed into another one, then a tag deleted.
    await repos.tags.rename(ws, 'social', 'launch');
    await sync({ tags: ['social', 'launch'] }, 2);
    await check(repos, ws, kept, tags);
    await repos.tags.delete(ws, 'launch');
    await sync({ tags: ['launch'] }, 2);
    await check(repos, ws, kept, tags);
  }, 240_000);
});
