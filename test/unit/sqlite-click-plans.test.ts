/**
 * How SQLite plans the analytics reads (docs/adr/0091): closed rollups of a workspace come from the
 * covering index alone, reads scoped to links from each link's primary-key range, and the hourly
 * series is not sorted row by row. Each read runs for real; its statements are then explained.
 */
import { describe, expect, it } from 'vitest';
import { SqliteClicks } from '../../src/storage/clicks/sqlite.js';
import { SqliteConnection } from '../../src/storage/sqlite/connection.js';

const H = Date.parse('2026-11-20T10:00:00.000Z');

/** The plan lines of every statement `read` prepares on a fresh migrated store. */
async function plans(read: (c: SqliteClicks) => Promise<unknown>): Promise<string[]> {
  const conn = new SqliteConnection(':memory:');
  conn.migrate();
  const clicks = new SqliteClicks(conn);
  const prepared: string[] = [];
  const stmt = conn.stmt.bind(conn);
  conn.stmt = (sql: string) => {
    prepared.push(sql);
    return stmt(sql);
  };
  await read(clicks);
  const params = { ws: 'wsp_a', from: H, to: H + 3_600_000, links: '["lnk_a"]', dim: 'country', limit: 10 };
  const lines = prepared.flatMap((sql) => (conn.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[]).map((r) => r.detail));
  conn.close();
  return lines;
}

const scope = { workspaceId: 'wsp_a', from: new Date(H), to: new Date(H + 3_600_000) };

describe('SQLite analytics plans', () => {
  it('reads a workspace breakdown from the covering index, not the table', async () => {
    const lines = await plans((c) => c.breakdown(scope, 'country'));
    expect(lines).toContain('SEARCH click_rollups USING COVERING INDEX click_rollups_by_workspace (workspace_id=? AND dim=? AND hour>? AND hour<?)');
  });

  it('reads the hourly series in index order: no sort of the rollups by hour', async () => {
    const lines = await plans((c) => c.hourly(scope));
    const closed = lines.flatMap((l, i) => (l.startsWith('SEARCH click_rollups USING COVERING INDEX click_rollups_by_workspace') ? [i] : []));
    expect(closed).toHaveLength(2); // clicks, then bots
    // What follows each closed arm is the next arm, never a sort of its rows (the open hours, few, are sorted).
    for (const i of closed) expect(lines[i + 1]).toBe('UNION ALL');
  });

  it('reads links scoped by id from their primary-key range, not the workspace index', async () => {
    for (const read of [
      (c: SqliteClicks) => c.breakdown({ ...scope, linkIds: ['lnk_a'] }, 'country'),
      (c: SqliteClicks) => c.hourly({ ...scope, linkIds: ['lnk_a'] }),
    ]) {
      const lines = await plans(read);
      expect(lines.some((l) => l.startsWith('SEARCH click_rollups USING PRIMARY KEY (link_id=? AND hour>? AND hour<?)'))).toBe(true);
      expect(lines.some((l) => l.includes('click_rollups_by_workspace'))).toBe(false);
    }
  });
});
