import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/domain/clock.js';
import { comboKey } from '../../src/storage/clicks/combos.js';
import { SqliteClicks } from '../../src/storage/clicks/sqlite.js';
import { SqliteConnection } from '../../src/storage/sqlite/connection.js';
import { MIGRATIONS } from '../../src/storage/sqlite/migrations.js';
import { sqliteAtVersion } from '../support/sqlite-at-version.js';

const H = Date.parse('2026-11-20T10:00:00.000Z');
const HOUR = 3_600_000;
const DE = comboKey(false, { country: 'DE', domain: 'go.example' });
const FR = comboKey(false, { country: 'FR', domain: 'go.example' });

describe('SQLite open click hours, upgraded to the table keyed by workspace, hour and link', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const c of cleanups.splice(0).reverse()) c();
  });

  /** A store at migration 15 with open rows as that version wrote them. */
  function oldStore(): string {
    const { db, file } = sqliteAtVersion(15, cleanups);
    const combo = db.prepare('INSERT INTO click_combos (workspace_id, key) VALUES (?, ?)');
    const de = Number(combo.run('wsp_a', DE).lastInsertRowid);
    const fr = Number(combo.run('wsp_a', FR).lastInsertRowid);
    const other = Number(combo.run('wsp_b', DE).lastInsertRowid);
    const open = db.prepare('INSERT INTO click_open (link_id, hour, workspace_id, clicks, bots, c) VALUES (?, ?, ?, ?, ?, ?)');
    open.run('lnk_a', H, 'wsp_a', 3, 0, JSON.stringify({ [de]: 2, [fr]: 1 }));
    open.run('lnk_a', H + HOUR, 'wsp_a', 1, 0, JSON.stringify({ [fr]: 1 }));
    open.run('lnk_c', H + HOUR, 'wsp_a', 2, 0, JSON.stringify({ [de]: 2 }));
    open.run('lnk_b', H, 'wsp_b', 5, 0, JSON.stringify({ [other]: 5 }));
    db.close();
    return file;
  }

  it('keeps the open rows, reads, adds to, forgets and closes them as before', async () => {
    const conn = new SqliteConnection(oldStore());
    cleanups.push(() => conn.close());
    conn.migrate();
    conn.migrate(); // nothing left to do the second time
    expect(conn.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    const clock = new ManualClock(H + HOUR + 60_000);
    const clicks = new SqliteClicks(conn, clock);
    const scope = { workspaceId: 'wsp_a', from: H - HOUR, to: H + 2 * HOUR };
    const byCountry = async (linkIds?: string[]) => (await clicks.query({ ...scope, linkIds, groups: ['country'] })).groups.country;

    expect(await clicks.totals('wsp_a', ['lnk_a', 'lnk_c', 'lnk_b'])).toEqual(
      new Map([
        ['lnk_a', { clicks: 4, bots: 0 }],
        ['lnk_c', { clicks: 2, bots: 0 }],
      ]),
    );
    expect(await clicks.totals('wsp_b', ['lnk_b'])).toEqual(new Map([['lnk_b', { clicks: 5, bots: 0 }]]));
    expect(await byCountry()).toEqual([
      { key: 'DE', clicks: 4 },
      { key: 'FR', clicks: 2 },
    ]);
    expect(await byCountry(['lnk_a'])).toEqual([
      { key: 'DE', clicks: 2 },
      { key: 'FR', clicks: 2 },
    ]);

    // More clicks into a row written before the upgrade (this writer reads it once), and a new one.
    const more = (link: string, hour: number, key: string, n: number) => ({
      linkId: link,
      workspaceId: 'wsp_a',
      hour,
      clicks: n,
      bots: 0,
      combos: new Map([[key, n]]),
    });
    await clicks.record({ hours: [more('lnk_a', H + HOUR, DE, 2), more('lnk_d', H + HOUR, FR, 1)], events: [] });
    await clicks.record({ hours: [more('lnk_a', H + HOUR, DE, 1)], events: [] });
    expect(await clicks.totals('wsp_a', ['lnk_a', 'lnk_d'])).toEqual(
      new Map([
        ['lnk_a', { clicks: 7, bots: 0 }],
        ['lnk_d', { clicks: 1, bots: 0 }],
      ]),
    );
    expect(await byCountry(['lnk_a', 'lnk_d'])).toEqual([
      { key: 'DE', clicks: 5 },
      { key: 'FR', clicks: 3 },
    ]);

    // A deleted link's open rows go (in each of its workspace's open hours); the others stay.
    await clicks.forget('wsp_a', 'lnk_c');
    expect(await clicks.totals('wsp_a', ['lnk_c'])).toEqual(new Map());
    expect(await byCountry()).toEqual([
      { key: 'DE', clicks: 5 },
      { key: 'FR', clicks: 3 },
    ]);

    // Two hours later every open hour is closed into the sheets, in both workspaces; the counts stay.
    clock.advance(2 * HOUR);
    await clicks.maintain();
    expect(conn.db.prepare('SELECT count(*) FROM click_open').pluck().get()).toBe(0);
    expect(await byCountry(['lnk_a'])).toEqual([
      { key: 'DE', clicks: 5 },
      { key: 'FR', clicks: 2 },
    ]);
    expect(await clicks.totals('wsp_a', ['lnk_a', 'lnk_d'])).toEqual(
      new Map([
        ['lnk_a', { clicks: 7, bots: 0 }],
        ['lnk_d', { clicks: 1, bots: 0 }],
      ]),
    );
    expect(await clicks.totals('wsp_b', ['lnk_b'])).toEqual(new Map([['lnk_b', { clicks: 5, bots: 0 }]]));
  });

  it('leaves the store as it was when the migration fails part-way, and migrates on the next start', () => {
    const file = oldStore();
    const db = new Database(file);
    db.exec('CREATE TABLE click_open_by_key (x INTEGER)'); // makes the migration's first step fail
    db.close();
    const conn = new SqliteConnection(file);
    cleanups.push(() => conn.close());
    expect(() => conn.migrate()).toThrow(/click_open_by_key/);
    expect(conn.db.pragma('user_version', { simple: true })).toBe(15);
    expect(conn.db.prepare('SELECT count(*) FROM click_open WHERE link_id IS NOT NULL').pluck().get()).toBe(4);
    conn.db.exec('DROP TABLE click_open_by_key');
    conn.migrate();
    expect(conn.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(conn.db.prepare('SELECT workspace_id, hour, link_id, clicks FROM click_open').raw().all()).toEqual([
      ['wsp_a', H, 'lnk_a', 3],
      ['wsp_a', H + HOUR, 'lnk_a', 1],
      ['wsp_a', H + HOUR, 'lnk_c', 2],
      ['wsp_b', H, 'lnk_b', 5],
    ]);
  });
});
