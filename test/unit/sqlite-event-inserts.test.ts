/**
 * Click events inserted a block of rows per statement (docs/adr/0180): every row lands as one
 * statement per event would write it, whatever the count (none, fewer than a block, whole blocks
 * and a rest), and a flush numbers its events in order across its parts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { comboKey } from '../../src/storage/clicks/combos.js';
import { flushChunks } from '../../src/storage/clicks/flush-chunks.js';
import type { ClickEvent } from '../../src/storage/clicks/repository.js';
import { EVENT_BLOCK, EventInserts, type EventValues } from '../../src/storage/clicks/sqlite-event-inserts.js';
import { FLUSH_PART } from '../../src/storage/clicks/sqlite-flush.js';
import { clickWriter } from '../../src/storage/clicks/sqlite-writes.js';
import { SqliteConnection } from '../../src/storage/sqlite/connection.js';

const H = Date.parse('2026-11-20T10:00:00.000Z');

describe('SQLite click event inserts', () => {
  const conns: SqliteConnection[] = [];
  afterEach(() => {
    for (const c of conns.splice(0)) c.close();
  });
  const open = () => {
    const conn = new SqliteConnection(':memory:');
    conn.migrate();
    conns.push(conn);
    return conn;
  };
  const stored = (conn: SqliteConnection) =>
    conn.db.prepare('SELECT workspace_id, at, id, link_id, combo FROM click_events ORDER BY id').raw().all() as EventValues[];

  it.each([0, 1, EVENT_BLOCK - 1, EVENT_BLOCK, EVENT_BLOCK + 1, 2 * EVENT_BLOCK + 7])('writes %i rows exactly as given', (n) => {
    const conn = open();
    const rows = Array.from({ length: n }, (_, i): EventValues => [i % 3 === 0 ? 'wsp_b' : 'wsp_a', H + i * 1000, 100 + i, `lnk_${i % 7}`, 1 + (i % 4)]);
    conn.tx(() => new EventInserts(conn).insert(rows));
    expect(stored(conn)).toEqual(rows);
  });

  it('a flush of more events than a part and a block numbers them in order, each with its link and combination', async () => {
    const conn = open();
    const writer = clickWriter(conn);
    const keys = ['DE', 'FR', 'US'].map((country) => comboKey(false, { country, domain: 'go.example' }));
    const n = FLUSH_PART + EVENT_BLOCK + 3;
    const events: ClickEvent[] = Array.from({ length: n }, (_, i) => ({
      at: H + i,
      linkId: `lnk_${i % 5}`,
      workspaceId: i % 2 ? 'wsp_a' : 'wsp_b',
      combo: keys[i % keys.length]!,
    }));
    const chunks = [];
    for await (const c of flushChunks('f1', [], events)) chunks.push(c);
    writer.flush(chunks);
    const rows = stored(conn);
    const comboOf = conn.db.prepare('SELECT key FROM click_combos WHERE workspace_id = ? AND id = ?').pluck();
    expect(rows.map((r) => r[2])).toEqual(Array.from({ length: n }, (_, i) => rows[0]![2] + i));
    expect(rows.map(([ws, at, , link, combo]) => ({ workspaceId: ws, at, linkId: link, combo: comboOf.get(ws, combo) }))).toEqual(events);
    // Sent again (a retried flush), the parts already applied are skipped: no event twice.
    writer.flush(chunks);
    expect(stored(conn)).toHaveLength(n);
  });
});
