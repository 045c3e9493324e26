/**
 * The click writer's long jobs on SQLite in short, resumable transactions (docs/adr/0103): a tag
 * sync moves a bounded number of sheets per transaction (SYNC_COST), reads between two steps answer
 * exactly (through the links' sheets while a move is in progress), closings and a deleted link
 * between two steps keep the tag sheets equal to the sum of their links' sheets, and a sync cut
 * short resumes where it stopped. A deleted workspace's clicks go in transactions of a bounded
 * number of rows, and a deletion cut short is finished by the next maintenance.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/domain/clock.js';
import type { Sheet } from '../../src/storage/clicks/engine/source.js';
import { SqliteClicks } from '../../src/storage/clicks/sqlite.js';
import { FORGET_TABLES } from '../../src/storage/clicks/sqlite-forget-workspace.js';
import { linkSheets, sheetOfRow, X_COLUMNS } from '../../src/storage/clicks/sqlite-sheets.js';
import { TAG_SHEET_COST } from '../../src/storage/clicks/sqlite-tag-moves.js';
import { SYNC_COST, type SyncStep, syncTagSheets } from '../../src/storage/clicks/sqlite-tag-sync.js';
import { clickWriter } from '../../src/storage/clicks/sqlite-writes.js';
import { TagDeltas } from '../../src/storage/clicks/tag-sheets.js';
import { SqliteLinks } from '../../src/storage/links/sqlite.js';
import type { Row } from '../../src/storage/sqlite/connection.js';
import { SqliteConnection } from '../../src/storage/sqlite/connection.js';
import { SqliteWorkspaces } from '../../src/storage/workspaces/sqlite.js';
import { asHours, expected, type Recorded, randomVisits, rng } from '../contract/_clicks-reference.js';
import { batchOf, newLink, workspace } from '../contract/_harness.js';

const DAY = 86_400_000;
const start = Date.parse('2026-09-28T00:00:00Z');

let conn: SqliteConnection | undefined;
afterEach(() => {
  conn?.db.close();
  conn = undefined;
});

async function store() {
  conn = new SqliteConnection(':memory:');
  conn.migrate();
  const clock = new ManualClock(start + 70 * DAY);
  const clicks = new SqliteClicks(conn, clock);
  await clicks.init();
  return { conn, clock, clicks, links: new SqliteLinks(conn), workspaces: new SqliteWorkspaces(conn) };
}

/** The counts of a sheet, without empty maps (a stored month sheet reads as having no hours, a sum may hold emptied ones). */
const counts = (s: Sheet) => {
  const x = Object.fromEntries(Object.entries(s.x ?? {}).filter(([, m]) => Object.keys(m).length > 0));
  return { tot: s.tot, bots: s.bots, c: s.c ?? {}, l: s.l ?? {}, hc: s.hc ?? {}, hb: s.hb ?? {}, x };
};

/** A tag's stored sheets, and what they should be: the sum of the sheets of the links recorded as carrying it. */
function tagSheets(c: SqliteConnection, ws: string, tag: string) {
  const rows = c
    .stmt(`SELECT tag AS key, grain, period, tot, bots, hc, hb, c, l, ${X_COLUMNS.join(', ')} FROM click_tag_sheets WHERE workspace_id = ? AND tag = ?`)
    .all(ws, tag) as Row[];
  const stored = Object.fromEntries(
    rows.filter((r) => Number(r.tot) !== 0 || Number(r.bots) !== 0).map((r) => [`${r.grain}|${r.period}`, counts(sheetOfRow(r))]),
  );
  const out = new TagDeltas();
  const recorded = c.stmt('SELECT link_id FROM click_tag_links WHERE workspace_id = ? AND tag = ?').all(ws, tag) as Row[];
  for (const r of recorded) for (const s of linkSheets(c, ws, String(r.link_id))) out.add(tag, s, String(r.link_id));
  const want = Object.fromEntries([...out.sheets.values()].filter((s) => s.tot !== 0 || s.bots !== 0).map((s) => [`${s.grain}|${s.period}`, counts(s)]));
  return { stored, want };
}

const moves = (c: SqliteConnection) => (c.stmt('SELECT count(*) AS n FROM click_tag_moves').get() as Row).n;

describe('a tag sync in steps on SQLite', () => {
  it('moves a bounded number of sheets per transaction, answers exactly between steps, through closings, a tag taken back and a deleted link', async () => {
    const s = await store();
    const ws = (await s.workspaces.create(workspace())).id;
    const ids: string[] = [];
    for (const tags of [['launch'], [], ['launch']]) ids.push((await s.links.insert(newLink(ws, { tags }))).id);
    // Each insert recorded its link's tags (docs/adr/0175): nothing to move.
    expect(await s.clicks.syncTags(ws)).toBe(0);
    const visits: Recorded[] = randomVisits(rng(7), ws, ids, start, 66 * 24, 900);
    await s.clicks.record(batchOf(asHours(visits)));
    await s.clicks.maintain();
    const sheetsOf = (link: string) => linkSheets(s.conn, ws, link).length;
    /** Periods a step moves for one link: one link sheet and one tag sheet each. */
    const periods = Math.floor(SYNC_COST / (1 + TAG_SHEET_COST));
    expect(sheetsOf(ids[1]!)).toBeGreaterThan(3 * periods);

    const read = async (tag: string, all: Recorded[]) => {
      const linkIds = await s.links.ids(ws, { tag });
      const q = { workspaceId: ws, from: start, to: start + 67 * DAY, linkIds, tag, groups: ['country' as const, 'link' as const] };
      const { tag: _t, ...plain } = q;
      expect(await s.clicks.query(q)).toEqual(expected(all, plain));
    };
    /** One step of a sync scoped to `links`, checked: bounded, and reads exact after it. */
    const step = async (links: string[], all: Recorded[], tag = 'launch'): Promise<SyncStep> => {
      const r = syncTagSheets(s.conn, ws, { links });
      expect(r.cost).toBeLessThanOrEqual(SYNC_COST);
      await read(tag, all);
      return r;
    };

    // The middle link gains `launch`: two steps of its move, then late clicks close while it is in
    // progress (a maintenance: closing, then the whole sync, which ends the move).
    await s.links.update(ws, ids[1]!, { tags: ['launch'], updatedAt: new Date() });
    for (let i = 0; i < 2; i++) expect(await step([ids[1]!], visits)).toEqual({ moved: 0, sheets: periods, cost: periods * (1 + TAG_SHEET_COST), next: '' });
    expect(moves(s.conn)).toBe(1);
    const late = randomVisits(rng(9), ws, ids, start, 66 * 24, 200);
    await s.clicks.record(batchOf(asHours(late)));
    visits.push(...late);
    s.clock.advance(2 * 60_000);
    await s.clicks.maintain();
    expect(moves(s.conn)).toBe(0);
    await read('launch', visits);
    let { stored, want } = tagSheets(s.conn, ws, 'launch');
    expect(stored).toEqual(want);

    // It loses the tag again, step by step to the end: every step but the last moves `periods` sheets.
    await s.links.update(ws, ids[1]!, { tags: [], updatedAt: new Date() });
    const results: SyncStep[] = [];
    for (let r: SyncStep | undefined; r?.next !== null; ) {
      r = await step([ids[1]!], visits);
      results.push(r);
      expect(moves(s.conn)).toBe(r.moved === 0 ? 1 : 0);
    }
    expect(results.slice(0, -1).every((r) => r.sheets === periods && r.moved === 0)).toBe(true);
    expect(results.at(-1)!.moved).toBe(1);
    expect(results.reduce((n, r) => n + r.sheets, 0)).toBe(sheetsOf(ids[1]!));
    ({ stored, want } = tagSheets(s.conn, ws, 'launch'));
    expect(stored).toEqual(want);

    // Two links gain a tag together: they move as one group, each tag sheet written once per step.
    for (const id of ids.slice(0, 2)) await s.links.update(ws, id, { tags: [...(await s.links.get(ws, id))!.tags, 'blog'], updatedAt: new Date() });
    const both = await step(ids.slice(0, 2), visits, 'blog');
    expect(both.cost).toBe(both.sheets + Math.floor(SYNC_COST / (2 + TAG_SHEET_COST)) * TAG_SHEET_COST);
    expect(moves(s.conn)).toBe(2);
    await read('blog', visits);
    expect(await s.clicks.syncTags(ws, { tags: ['blog'] })).toBe(2);
    await read('blog', visits);
    ({ stored, want } = tagSheets(s.conn, ws, 'blog'));
    expect(stored).toEqual(want);

    // A gain taken back before its move ends: the record matches the links again, the reads must not use the half-moved sheets.
    await s.links.update(ws, ids[1]!, { tags: ['blog', 'launch'], updatedAt: new Date() });
    expect((await step([ids[1]!], visits)).moved).toBe(0);
    await s.links.update(ws, ids[1]!, { tags: ['blog'], updatedAt: new Date() });
    await read('launch', visits);
    expect(await s.clicks.syncTags(ws, { links: [ids[1]!] })).toBe(2); // the gain ends, then the loss moves
    expect(moves(s.conn)).toBe(0);
    await read('launch', visits);
    ({ stored, want } = tagSheets(s.conn, ws, 'launch'));
    expect(stored).toEqual(want);

    // A link deleted while its sheets move out of the tag: what was moved is not taken out twice.
    await s.links.update(ws, ids[2]!, { tags: [], updatedAt: new Date() });
    await step([ids[2]!], visits);
    await step([ids[2]!], visits);
    expect(moves(s.conn)).toBe(1);
    await s.links.delete(ws, ids[2]!);
    await s.clicks.forget(ws, ids[2]!);
    const kept = visits.filter((v) => v.linkId !== ids[2]);
    expect(moves(s.conn)).toBe(0);
    expect(await s.clicks.syncTags(ws)).toBe(0);
    await read('launch', kept);
    ({ stored, want } = tagSheets(s.conn, ws, 'launch'));
    expect(stored).toEqual(want);

    // A sync cut short (a crash after its first step) is finished by the next whole sync (maintenance).
    await s.links.update(ws, ids[0]!, { tags: ['blog'], updatedAt: new Date() });
    expect((await step([ids[0]!], kept)).moved).toBe(0);
    expect(moves(s.conn)).toBe(1);
    expect(await s.clicks.syncTags(ws)).toBe(1);
    expect(moves(s.conn)).toBe(0);
    await read('launch', kept);
    ({ stored, want } = tagSheets(s.conn, ws, 'launch'));
    expect(stored).toEqual(want);
  }, 60_000);
});

describe('a deleted workspace on SQLite', () => {
  it('leaves in transactions of a bounded number of rows, and a deletion cut short is finished by the next maintenance', async () => {
    const s = await store();
    const [gone, kept] = [(await s.workspaces.create(workspace())).id, (await s.workspaces.create(workspace())).id];
    const linksOf = async (ws: string) => {
      const out: string[] = [];
      for (let i = 0; i < 3; i++) out.push((await s.links.insert(newLink(ws, { tags: ['launch'] }))).id);
      return out;
    };
    const visits = [
      ...randomVisits(rng(3), gone, await linksOf(gone), start, 66 * 24, 600),
      ...randomVisits(rng(4), kept, await linksOf(kept), start, 66 * 24, 100),
    ];
    await s.clicks.syncTags(gone);
    await s.clicks.syncTags(kept);
    await s.clicks.record(batchOf(asHours(visits), true));
    await s.clicks.maintain();
    const rowsOf = (ws: string) =>
      Object.fromEntries(
        FORGET_TABLES.map(({ table }) => [table, Number((s.conn.stmt(`SELECT count(*) AS n FROM ${table} WHERE workspace_id = ?`).get(ws) as Row).n)]),
      );
    const before = rowsOf(gone);
    const keptBefore = rowsOf(kept);
    expect(before.click_link_sheets).toBeGreaterThan(100);
    expect(before.click_events).toBeGreaterThan(1000);
    // One transaction per table's `rows` rows (and one more that finds fewer), plus the first and the last.
    const txs = FORGET_TABLES.reduce((n, { table, rows }) => n + Math.floor(before[table]! / rows) + 1, 2);
    const ops = clickWriter(s.conn);
    expect(ops.forgetWorkspace(gone)).toBe(txs);
    expect(Object.values(rowsOf(gone)).every((n) => n === 0)).toBe(true);
    expect(rowsOf(kept)).toEqual(keptBefore);
    const q = { workspaceId: kept, from: start, to: start + 67 * DAY, groups: ['country' as const] };
    expect(await s.clicks.query(q)).toEqual(expected(visits, q));

    // Cut short: a third workspace noted, part of its rows deleted, then the process died.
    const third = (await s.workspaces.create(workspace())).id;
    const more = randomVisits(rng(5), third, await linksOf(third), start, 66 * 24, 300);
    await s.clicks.syncTags(third);
    await s.clicks.record(batchOf(asHours(more), true));
    s.clock.advance(2 * 60_000);
    await s.clicks.maintain();
    s.conn.db.exec(`INSERT INTO click_forgotten_workspaces (workspace_id) VALUES ('${third}'); DELETE FROM click_tag_links WHERE workspace_id = '${third}'`);
    expect(rowsOf(third).click_link_sheets).toBeGreaterThan(0);
    s.clock.advance(2 * 60_000);
    await s.clicks.maintain();
    expect(Object.values(rowsOf(third)).every((n) => n === 0)).toBe(true);
    expect((s.conn.stmt('SELECT count(*) AS n FROM click_forgotten_workspaces').get() as Row).n).toBe(0);
    expect(rowsOf(kept)).toEqual(keptBefore);
    expect(await s.clicks.query(q)).toEqual(expected(visits, q));
  }, 60_000);
});
