/**
 * SQLite migration 17: the click event log moves into a table ordered by workspace and time
 * (docs/adr/0092, "Events on SQLite"). Events written before keep their ids (cursors handed out
 * before still continue), new ones are numbered after them, and pages, link scopes, deletion and
 * the sweep answer as before.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { comboKey } from '../../src/storage/clicks/combos.js';
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
    const { db, file } = sqliteAtVersion(16, cleanups);
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
});
