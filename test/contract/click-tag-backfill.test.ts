/**
 * Tag sheets of an embedded store whose links were tagged and clicked before tag sheets existed
 * (docs/adr/0098): the first start fills them from the links' own sheets, and reads scoped to a
 * tag answer as before.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/domain/clock.js';
import { HOUR_MS } from '../../src/storage/clicks/repository.js';
import { openRepositories } from '../../src/storage/open.js';
import { expected, randomVisits, rng } from './_clicks-reference.js';
import { batchOf, hc, newLink, workspace } from './_harness.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('SQLite tag sheets at first start', () => {
  it('are filled from the links tagged before them, and a tag read answers as the links do', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lsk-tagsheets-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'lsk.db');
    const start = Date.parse('2026-10-01T00:00:00Z');
    const clock = new ManualClock(start + 40 * 86_400_000);
    const repos = await openRepositories(`file:${file}`, { clock });
    await repos.init();
    const ws = (await repos.workspaces.create(workspace())).id;
    const a = await repos.links.insert(newLink(ws, { tags: ['launch'] }));
    const b = await repos.links.insert(newLink(ws, { tags: ['launch', 'blog'] }));
    const visits = randomVisits(rng(3), ws, [a.id, b.id], start, 30 * 24, 200);
    await repos.clicks.record(batchOf(visits.map((v) => hc(v.linkId, ws, v.hour, [[v.values, v.n]]))));
    await repos.clicks.maintain();
    await repos.close();
    // As an earlier version left it: closed sheets, no tag sheets, no record of the links' tags.
    const db = new Database(file);
    db.exec('DELETE FROM click_tag_sheets; DELETE FROM click_tag_links;');
    db.close();

    const again = await openRepositories(`file:${file}`, { clock });
    cleanups.push(() => again.close());
    await again.init();
    const q = {
      workspaceId: ws,
      from: start,
      to: start + 30 * 86_400_000,
      tag: 'launch',
      linkIds: [a.id, b.id],
      groups: ['country' as const, 'link' as const],
    };
    const { tag: _t, ...plain } = q;
    expect(await again.clicks.query(q)).toEqual(expected(visits, plain));

    const check = new Database(file, { readonly: true });
    const people = visits.filter((v) => !v.values.bot).reduce((s, v) => s + v.n, 0);
    const sum = (tag: string) =>
      check.prepare("SELECT coalesce(sum(tot), 0) AS n FROM click_tag_sheets WHERE workspace_id = ? AND tag = ? AND grain = 'month'").get(ws, tag) as {
        n: number;
      };
    expect(sum('launch').n).toBe(people);
    const blog = visits.filter((v) => v.linkId === b.id && !v.values.bot).reduce((s, v) => s + v.n, 0);
    expect(sum('blog').n).toBe(blog);
    const days = check.prepare("SELECT count(*) AS n FROM click_tag_sheets WHERE workspace_id = ? AND tag = 'launch' AND grain = 'day'").get(ws) as {
      n: number;
    };
    expect(days.n).toBe(new Set(visits.map((v) => v.hour - (v.hour % (24 * HOUR_MS)))).size);
    check.close();
  });
});

describe('SQLite tag sync over many links', () => {
  it('walks every link once in windows: all 2,600 pairs of 1,300 links, then exactly the ones that changed across windows', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lsk-tagsync-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'lsk.db');
    const repos = await openRepositories(`file:${file}`);
    cleanups.push(() => repos.close());
    await repos.init();
    const ws = (await repos.workspaces.create(workspace())).id;
    const links = Array.from({ length: 1300 }, (_, i) => newLink(ws, { tags: ['all', `t${i % 7}`] }));
    for (let i = 0; i < links.length; i += 500) await repos.links.insertMany(ws, links.slice(i, i + 500));
    // The inserts recorded every link's tags; without that record (links tagged by an earlier version) a whole sync moves every pair.
    expect(await repos.clicks.syncTags?.(ws)).toBe(0);
    const db = new Database(file);
    db.exec('DELETE FROM click_tag_links');
    db.close();
    expect(await repos.clicks.syncTags?.(ws)).toBe(2600);
    expect(await repos.clicks.syncTags?.(ws)).toBe(0);
    // Every 100th link loses `all`; every 130th (not also a 100th) gains `new`: spread over the windows.
    let changed = 0;
    for (let i = 0; i < links.length; i++) {
      const tags = [...(i % 100 === 0 ? [] : ['all']), `t${i % 7}`, ...(i % 130 === 0 ? ['new'] : [])];
      if (i % 100 === 0 || i % 130 === 0) {
        await repos.links.update(ws, links[i]!.id, { tags, updatedAt: new Date() });
        changed += (i % 100 === 0 ? 1 : 0) + (i % 130 === 0 ? 1 : 0);
      }
    }
    expect(await repos.clicks.syncTags?.(ws)).toBe(changed);
    expect(await repos.clicks.syncTags?.(ws)).toBe(0);
    expect(new Set(await repos.links.ids(ws, { tag: 'all' })).size).toBe(1300 - 13);
  });
});
