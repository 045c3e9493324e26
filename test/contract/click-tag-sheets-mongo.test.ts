/**
 * MongoDB's tag sheets (docs/adr/0182): a read scoped to one tag reads the tag's sheets, not its
 * links', exactly when every writer slot's record says they sum the tag's links now; otherwise the
 * links' sheets answer. Answers are compared with the visit-by-visit reference either way, and the
 * sheet documents read, by kind, tell which sheets answered: only a read through the tag's sheets
 * reads any (a count of all documents read does not tell: the tag records a read looks up first
 * grow with the writer slots and with how the links' random ids fall into the records' buckets).
 */
import { describe, expect, it } from 'vitest';
import { bucketStarts } from '../../src/domain/analytics/buckets.js';
import { ManualClock } from '../../src/domain/clock.js';
import type { ClickQuery } from '../../src/storage/clicks/repository.js';
import type { Repositories } from '../../src/storage/repositories.js';
import { asHours, expected, type Recorded, randomVisits, rng } from './_clicks-reference.js';
import { batchOf, newLink, openMongoStore, workspace } from './_harness.js';

const DAY = 86_400_000;

describe('tag sheets on MongoDB', () => {
  const start = Date.parse('2026-09-28T00:00:00Z');
  const clock = new ManualClock(start + 70 * DAY);

  /** A breakdown and a day series of the tag, checked against the visits; answers the tag sheet documents they read. */
  async function read(r: Repositories, ws: string, visits: readonly Recorded[], tag: string | undefined): Promise<number> {
    const linkIds = await r.links.ids(ws, { tag: 'launch' });
    const base = { workspaceId: ws, from: start, to: start + 50 * DAY + 5 * 3_600_000, linkIds, ...(tag ? { tag } : {}) };
    const qs: ClickQuery[] = [
      { ...base, groups: ['country', 'link'] },
      { ...base, buckets: bucketStarts(base.from, base.to, 'day', 'Europe/Berlin') },
    ];
    const docs = () => (r.clicks as unknown as { sheetDocsRead: Record<'tag', number> }).sheetDocsRead.tag;
    const before = docs();
    for (const q of qs) {
      const { tag: _t, ...plain } = q;
      expect(await r.clicks.query(q), JSON.stringify(q).slice(0, 160)).toEqual(expected(visits, plain));
    }
    return docs() - before;
  }

  it('reads the tag sheets while every slot counts exactly the tag links, the links sheets otherwise', async () => {
    clock.set(start + 70 * DAY);
    const opened = await openMongoStore({ clock });
    const a = opened.repos;
    const ws = (await a.workspaces.create(workspace())).id;
    const links: string[] = [];
    for (let i = 0; i < 12; i++) links.push((await a.links.insert(newLink(ws, { tags: i < 9 ? ['launch'] : ['other'] }))).id);
    const visits = randomVisits(rng(3), ws, links, start, 50 * 24, 60);
    await a.clicks.record(batchOf(asHours(visits)));
    await a.clicks.maintain(); // closes every hour: links, domains and tags

    /**
     * Whether the tag's sheets answered the read scoped to the tag: it read some of them (a read that
     * falls back reads the links' sheets only, as the same links' read without the tag always does).
     */
    const viaTag = async (r: Repositories, vs: readonly Recorded[]) => {
      expect(await read(r, ws, vs, undefined)).toBe(0);
      return (await read(r, ws, vs, 'launch')) > 0;
    };
    expect(await viaTag(a, visits)).toBe(true);

    // A second instance closes into a slot of its own: both slots' records and sheets add up.
    clock.advance(60_000);
    const b = await opened.again();
    const late = randomVisits(rng(4), ws, links, start, 50 * 24, 20);
    await b.clicks.record(batchOf(asHours(late)));
    await b.clicks.maintain();
    visits.push(...late);
    expect(await viaTag(b, visits)).toBe(true);

    // A tagged link deleted: its share leaves the tag's sheets, which still answer.
    await a.links.delete(ws, links[0]!);
    await a.clicks.forget(ws, links[0]!);
    const kept = visits.filter((v) => v.linkId !== links[0]);
    expect(await viaTag(a, kept)).toBe(true);
    expect(await viaTag(b, kept)).toBe(true);

    /**
     * Upkeep rounds of `rs` a minute apart (each moves its own slot and the free ones; a slot being
     * compacted waits for the compaction) until the tag's sheets answer again: whether they did.
     */
    const settles = async (vs: readonly Recorded[], ...rs: Repositories[]) => {
      for (let i = 0; i < 8; i++) {
        clock.advance(60_000);
        for (const r of rs) await r.clicks.maintain();
        if (await viaTag(rs[0]!, vs)) return true;
      }
      return false;
    };
    // A link that gains the tag after closing: until every slot moved its sheets, the links' sheets answer.
    await a.links.update(ws, links[10]!, { tags: ['launch'], updatedAt: new Date(clock.now()) });
    expect(await viaTag(a, kept)).toBe(false);
    await a.clicks.syncTags?.(ws, { links: [links[10]!] });
    expect(await settles(kept, b, a)).toBe(true);
    expect(await a.clicks.syncTags?.(ws)).toBe(0);
    // One that loses it: the same.
    await a.links.update(ws, links[1]!, { tags: [], updatedAt: new Date(clock.now()) });
    await a.clicks.syncTags?.(ws, { links: [links[1]!] });
    expect(await viaTag(a, kept)).toBe(false);
    expect(await settles(kept, a, b)).toBe(true);
    // A tag renamed into another: every link of both moves.
    await a.tags.rename(ws, 'other', 'launch');
    await a.clicks.syncTags?.(ws, { tags: ['other', 'launch'] });
    expect(await settles(kept, a, b)).toBe(true);

    // Sheets written before tag sheets were kept (their slot has no record): the links' sheets answer.
    // Slot 1's record and tag sheets taken away, as before the upgrade, and a new instance started:
    // its upkeep lists the slot's links (as the slot's writer) and moves their sheets into their tags'.
    for (const r of [a, b]) await r.clicks.release();
    const { db } = opened;
    await db.collection('click_tag_links').deleteMany({ s: 1 });
    // Tag sheets by month and by day, each month of days in a collection of its own (docs/adr/0239).
    for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray())
      if (name.startsWith('click_sheets_tag_')) await db.collection(name).deleteMany({ s: 1 });
    const c = await opened.again();
    expect(await viaTag(c, kept)).toBe(false);
    expect(await settles(kept, c)).toBe(true);
  }, 240_000);
});
