/**
 * SQLite migration 18: the click event log moves into a table ordered by workspace and time
 * (docs/adr/0092, "Events on SQLite"). Events written before keep their ids (cursors handed out
 * before still continue), new ones are numbered after them, and pages, link scopes, deletion and
 * the sweep answer as before.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { comboKey } from '../../src/storage/clicks/combos.js';
import type { ClickEvent, HourCounts } from '../../src/storage/clicks/repository.js';
import { SqliteClicks } from '../../src/storage/clicks/sqlite.js';
import { clickWriter } from '../../src/storage/clicks/sqlite-writes.js';
import { SqliteConnection } from '../../src/storage/sqlite/connection.js';
import { MIGRATIONS } from '../../src/storage/sqlite/migrations.js';
import { sqliteAtVersion } from '../support/sqlite-at-version.js';

const H = Date.parse('2026-11-20T10:00:00.000Z');
const DE = comboKey(false, { country: 'DE', domain: 'go.example' });
const FR = comboKey(false, { country: 'FR', domain: 'go.example' });

describe('SQLite click events, upgraded to the table ordered by workspace and time', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const c of cleanups.splice(0).reverse()) c();
  });

  it('keeps the events and their ids, numbers new ones after them, and pages, scopes, forgets and sweeps as before', async () => {
    const { db, file } = sqliteAtVersion(17, cleanups);
    const combo = db.prepare('INSERT INTO click_combos (workspace_id, key) VALUES (?, ?)');
    const de = Number(combo.run('wsp_a', DE).lastInsertRowid);
    const fr = Number(combo.run('wsp_a', FR).lastInsertRowid);
    const other = Number(combo.run('wsp_b', DE).lastInsertRowid);
    // Rows as the last version wrote them (rowids in the order written; two at the same millisecond).
    const event = db.prepare('INSERT INTO click_events (workspace_id, at, link_id, combo) VALUES (?, ?, ?, ?)');
    event.run('wsp_a', H + 1000, 'lnk_a', de);
    event.run('wsp_b', H + 1500, 'lnk_b', other);
    event.run('wsp_a', H + 2000, 'lnk_c', fr);
    event.run('wsp_a', H + 2000, 'lnk_a', fr);
    event.run('wsp_a', H + 90_000_000, 'lnk_a', de);
    // Their link-hours' counts (a link-scoped read looks for events in the hours these show).
    const openRow = db.prepare("INSERT INTO click_open (workspace_id, hour, link_id, clicks, bots, c) VALUES (?, ?, ?, ?, 0, '{}')");
    openRow.run('wsp_a', H, 'lnk_a', 2);
    openRow.run('wsp_b', H, 'lnk_b', 1);
    openRow.run('wsp_a', H, 'lnk_c', 1);
    openRow.run('wsp_a', H + 90_000_000 - (90_000_000 % 3_600_000), 'lnk_a', 1);
    db.close();

    const conn = new SqliteConnection(file);
    cleanups.push(() => conn.close());
    conn.migrate();
    conn.migrate(); // nothing left to do the second time
    expect(conn.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    const clicks = new SqliteClicks(conn);
    const q = { workspaceId: 'wsp_a', from: H, to: H + 100_000_000 };
    const page = async (extra: object) =>
      (await clicks.events({ ...q, limit: 2, ...extra })) as {
        events: { at: number; linkId: string; values: { country: string | null } }[];
        next: string | null;
      };

    const first = await page({});
    expect(first.events.map((e) => [e.at - H, e.linkId, e.values.country])).toEqual([
      [90_000_000, 'lnk_a', 'DE'],
      [2000, 'lnk_a', 'FR'],
    ]);
    // The cursor names the event by its old id; the next page continues from it.
    expect(first.next).toBe(`${H + 2000}.4`);
    const second = await page({ after: first.next });
    expect(second.events.map((e) => [e.at - H, e.linkId])).toEqual([
      [2000, 'lnk_c'],
      [1000, 'lnk_a'],
    ]);
    expect((await page({ linkIds: ['lnk_a'], limit: 10 })).events.map((e) => e.at - H)).toEqual([90_000_000, 2000, 1000]);
    expect((await page({ excludeLinkIds: ['lnk_a'], limit: 10 })).events.map((e) => e.linkId)).toEqual(['lnk_c']);
    expect((await page({ workspaceId: 'wsp_b', limit: 10 })).events.map((e) => e.linkId)).toEqual(['lnk_b']);

    // A new event is numbered after the old ones (the counter starts past the largest id moved).
    await clicks.record({ hours: [], events: [{ at: H + 2000, linkId: 'lnk_d', workspaceId: 'wsp_a', combo: DE }] });
    expect(conn.db.prepare("SELECT id FROM click_events WHERE link_id = 'lnk_d'").pluck().get()).toBe(6);
    expect((await page({ after: `${H + 2000}.7`, limit: 10 })).events.map((e) => e.linkId)).toEqual(['lnk_d', 'lnk_a', 'lnk_c', 'lnk_a']);

    const writer = clickWriter(conn);
    writer.forget('wsp_a', 'lnk_c');
    expect((await page({ limit: 10 })).events.map((e) => e.linkId)).toEqual(['lnk_a', 'lnk_d', 'lnk_a', 'lnk_a']);
    // The sweep takes what is older than its cutoff, in every workspace, and nothing newer.
    expect(writer.sweepEvents(H + 1600)).toBe(2);
    expect((await page({ limit: 10 })).events.map((e) => e.at - H)).toEqual([90_000_000, 2000, 2000]);
    expect((await page({ workspaceId: 'wsp_b', limit: 10 })).events).toEqual([]);
  });

  it("purges deleted links' events in one pass over their workspace's events, resuming a pass cut short", async () => {
    const conn = new SqliteConnection(':memory:');
    cleanups.push(() => conn.close());
    conn.migrate();
    const put = conn.db.prepare('INSERT INTO click_events (workspace_id, at, id, link_id, combo) VALUES (?, ?, ?, ?, 1)');
    // 45,000 events, three links taking turns, three to a millisecond (windows end inside a millisecond).
    const links = ['lnk_x', 'lnk_y', 'lnk_z'];
    conn.tx(() => {
      conn.db.prepare("INSERT INTO click_combos (id, workspace_id, key) VALUES (1, 'wsp_c', ?)").run(DE);
      for (let i = 0; i < 45_000; i++) put.run('wsp_c', H + Math.floor(i / 3), i + 1, links[i % 3]);
      put.run('wsp_d', H, 1, 'lnk_x'); // the same link id in another workspace stays
    });
    const count = (ws: string, link: string) =>
      conn.db.prepare('SELECT count(*) FROM click_events WHERE workspace_id = ? AND link_id = ?').pluck().get(ws, link);
    const clicks = new SqliteClicks(conn);
    const linksRead = async () => new Set((await clicks.events({ workspaceId: 'wsp_c', from: H, to: H + 86_400_000, limit: 100 })).events.map((e) => e.linkId));
    const writer = clickWriter(conn);
    writer.forget('wsp_c', 'lnk_x');
    writer.forget('wsp_c', 'lnk_y');
    // Listed, not yet purged: reads leave them out already.
    expect(count('wsp_c', 'lnk_x')).toBe(15_000);
    expect(await linksRead()).toEqual(new Set(['lnk_z']));
    // Two windows of the pass, then a restart (a new writer on the same store) goes on from there.
    expect(writer.purgeEvents(2)).toBe(true);
    expect(count('wsp_c', 'lnk_x')).toBeGreaterThan(0);
    expect(count('wsp_c', 'lnk_x')).toBeLessThan(15_000);
    const again = clickWriter(conn);
    again.forget('wsp_c', 'lnk_z'); // deleted during the pass: waits for the next one
    while (again.purgeEvents(3));
    expect(count('wsp_c', 'lnk_x')).toBe(0);
    expect(count('wsp_c', 'lnk_y')).toBe(0);
    expect(count('wsp_c', 'lnk_z')).toBe(0);
    expect(count('wsp_d', 'lnk_x')).toBe(1);
    expect(conn.db.prepare('SELECT count(*) FROM click_events_forgotten').pluck().get()).toBe(0);
    expect(conn.db.prepare('SELECT count(*) FROM click_event_purges').pluck().get()).toBe(0);
  });

  it("reads a link's events in the hours its sheets and open rows show clicks in, across closed and open hours and pages", async () => {
    const conn = new SqliteConnection(':memory:');
    cleanups.push(() => conn.close());
    conn.migrate();
    const clicks = new SqliteClicks(conn);
    const HOUR = 3_600_000;
    const hours: HourCounts[] = [];
    const events: ClickEvent[] = [];
    const visit = (linkId: string, hour: number, offsets: number[]) => {
      hours.push({ linkId, workspaceId: 'wsp_e', hour, clicks: offsets.length, bots: 0, combos: new Map([[DE, offsets.length]]) });
      for (const o of offsets) events.push({ at: hour + o, linkId, workspaceId: 'wsp_e', combo: DE });
    };
    // A busy link in every hour; a quiet one in three hours, two of them closed into sheets later.
    for (let h = 0; h < 32; h++) visit('lnk_busy', H + h * HOUR, [5, 600_000, 1_800_000, 3_000_000]);
    visit('lnk_quiet', H, [100, 200]);
    visit('lnk_quiet', H + 3 * HOUR, [1000, 2_000_000, 3_500_000]);
    visit('lnk_quiet', H + 30 * HOUR, [7]);
    await clicks.record({ hours, events });
    clickWriter(conn).closeHours(H + 29 * HOUR); // hours before H+28h are in the sheets now
    const openHours = conn.db.prepare("SELECT hour FROM click_open WHERE link_id = 'lnk_quiet'").pluck().all();
    expect(openHours).toEqual([H + 30 * HOUR]);
    const read = async (q: { from: number; to: number }) => {
      const seen: number[] = [];
      for (let after: string | null = null; ; ) {
        const p = await clicks.events({ workspaceId: 'wsp_e', linkIds: ['lnk_quiet'], limit: 2, after, ...q });
        seen.push(...p.events.map((e) => e.at - H));
        expect(p.events.every((e) => e.linkId === 'lnk_quiet')).toBe(true);
        if (!p.next) return seen;
        after = p.next;
      }
    };
    const all = [30 * HOUR + 7, 3 * HOUR + 3_500_000, 3 * HOUR + 2_000_000, 3 * HOUR + 1000, 200, 100];
    expect(await read({ from: H, to: H + 40 * HOUR })).toEqual(all);
    // A window that starts and ends inside the link's hours.
    expect(await read({ from: H + 3 * HOUR + 1_500_000, to: H + 30 * HOUR + 7 })).toEqual([3 * HOUR + 3_500_000, 3 * HOUR + 2_000_000]);
    // Two links: the hours of either.
    const both = await clicks.events({ workspaceId: 'wsp_e', linkIds: ['lnk_quiet', 'lnk_busy'], limit: 3, from: H + 3 * HOUR, to: H + 4 * HOUR });
    expect(both.events.map((e) => [e.at - H - 3 * HOUR, e.linkId])).toEqual([
      [3_500_000, 'lnk_quiet'],
      [3_000_000, 'lnk_busy'],
      [2_000_000, 'lnk_quiet'],
    ]);
  });
});
