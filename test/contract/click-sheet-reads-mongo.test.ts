/**
 * How MongoDB's reads fetch sheets (docs/adr/0197): a read of many day sheets (a filtered series by
 * day in a time zone) streams them through one query, not a lookup per sheet, and a read of a few
 * looks them up by `_id`; the answers are those of the visits either way.
 */
import { describe, expect, it } from 'vitest';
import { bucketStarts } from '../../src/domain/analytics/buckets.js';
import { ManualClock } from '../../src/domain/clock.js';
import type { ClickQuery } from '../../src/storage/clicks/repository.js';
import { asHours, expected, randomVisits, rng } from './_clicks-reference.js';
import { batchOf, newLink, openMongoStore, workspace } from './_harness.js';

const DAY = 86_400_000;

describe('sheet reads on MongoDB', () => {
  const start = Date.parse('2026-09-28T00:00:00Z');
  const clock = new ManualClock(start + 90 * DAY);

  it('reads 80 days of day sheets in a zone through a few queries, and a few sheets by lookups, with the answers of the visits', async () => {
    const { repos } = await openMongoStore({ clock });
    const ws = (await repos.workspaces.create(workspace())).id;
    const links: string[] = [];
    for (let i = 0; i < 3; i++) links.push((await repos.links.insert(newLink(ws, { tags: i < 2 ? ['launch'] : [] }))).id);
    const visits = randomVisits(rng(7), ws, links, start, 80 * 24, 300);
    await repos.clicks.record(batchOf(asHours(visits)));
    await repos.clicks.maintain(); // closes every hour: link, domain and tag sheets, by day and month
    const counts = repos.clicks as unknown as { queriesRun: number; docsRead: number };
    const days = new Set(visits.map((v) => Math.floor(v.hour / DAY))).size;
    expect(days).toBeGreaterThan(64); // more days than a store read settles the tally after

    const base = { workspaceId: ws, from: start, to: start + 80 * DAY };
    const read = async (q: ClickQuery & { tag?: string }) => {
      const [queries, docs] = [counts.queriesRun, counts.docsRead];
      const { tag: _t, ...plain } = q;
      expect(await repos.clicks.query(q), JSON.stringify(q).slice(0, 160)).toEqual(expected(visits, plain));
      return { queries: counts.queriesRun - queries, docs: counts.docsRead - docs };
    };
    const berlin = bucketStarts(base.from, base.to, 'day', 'Europe/Berlin');
    // Every UTC day is cut by a Berlin day: each of the domain's day sheets is read, by combination.
    const series = await read({ ...base, filter: { country: { in: ['DE'] } }, buckets: berlin });
    expect(series.docs).toBeGreaterThanOrEqual(days);
    expect(series.queries).toBeLessThan(12);
    // The same of a tag (its own sheets) and of named links (their own), and links left out.
    const tagged = await read({ ...base, linkIds: links.slice(0, 2), tag: 'launch', filter: { device: { not_in: ['mobile'] } }, buckets: berlin });
    expect(tagged.queries).toBeLessThan(16);
    const named = await read({ ...base, linkIds: links, filter: { country: { not_in: ['US'] } }, groups: ['link'], buckets: berlin });
    expect(named.docs).toBeGreaterThan(days);
    expect(named.queries).toBeLessThan(16);
    await read({ ...base, excludeLinkIds: [links[2]!], filter: { country: { in: ['DE', 'FR'] } }, groups: ['link', 'browser'], buckets: berlin });
    // Three whole UTC days of one link: its three day sheets looked up by `_id`.
    const few = await read({ workspaceId: ws, from: start + 10 * DAY, to: start + 13 * DAY, linkIds: [links[0]!], groups: ['country'] });
    expect(few.docs).toBeLessThanOrEqual(3);
  }, 240_000);
});
