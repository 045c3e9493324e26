import type { SqliteConnection } from '../sqlite/connection.js';

/** Events deleted per transaction by the sweep. */
const SWEEP_BATCH = 1000;
/** Events of a workspace looked through per transaction when deleted links' events are removed. */
const PURGE_WINDOW = 5000;
/** Deleted links whose events one pass over a workspace removes. */
const PURGE_LINKS = 1000;
const FIRST = { at: Number.MIN_SAFE_INTEGER, id: 0 };

/**
 * Deletions from `click_events`, a table ordered by (workspace, at, id) without an index by link
 * or by time alone (migration 18, docs/adr/0092 "Events on SQLite"). Each walks a workspace's range
 * in key order, in short transactions, so the writer never holds the write lock long (the main
 * connection's writes wait for it).
 *
 * A deleted link's events are not looked for link by link (each a scan of the workspace's window):
 * the link is listed in `click_events_forgotten` (reads leave its events out from then on), and a
 * purge removes the events of every listed link of a workspace in one pass over its events. The
 * pass's links are marked (`pass = 1`) and its position kept in `click_event_purges`, each window
 * one transaction, so a pass cut short (a stop, a crash) goes on where it was; links deleted while
 * a pass runs wait for the next one.
 */
export function eventDeletes(conn: SqliteConnection) {
  const nextWorkspace = conn.stmt('SELECT workspace_id FROM click_events WHERE workspace_id > ? ORDER BY workspace_id LIMIT 1').pluck();
  const sweepBatch = conn.stmt(
    `DELETE FROM click_events WHERE (workspace_id, at, id) IN (
       SELECT workspace_id, at, id FROM click_events WHERE workspace_id = ? AND at < ? ORDER BY at LIMIT ?)`,
  );
  const list = conn.stmt('INSERT OR IGNORE INTO click_events_forgotten (workspace_id, link_id, pass) VALUES (?, ?, 0)');
  const purging = conn.stmt('SELECT workspace_id, at, id FROM click_event_purges ORDER BY workspace_id LIMIT 1');
  const waiting = conn.stmt('SELECT workspace_id FROM click_events_forgotten WHERE pass = 0 LIMIT 1').pluck();
  const startPass = conn.stmt(
    `UPDATE click_events_forgotten SET pass = 1 WHERE workspace_id = @ws AND link_id IN (
       SELECT link_id FROM click_events_forgotten WHERE workspace_id = @ws AND pass = 0 LIMIT @n)`,
  );
  const newPurge = conn.stmt('INSERT INTO click_event_purges (workspace_id, at, id) VALUES (?, ?, ?)');
  const windowEnd = conn.stmt('SELECT at, id FROM click_events WHERE workspace_id = ? AND (at, id) >= (?, ?) ORDER BY at, id LIMIT 1 OFFSET ?');
  const inPass = 'link_id IN (SELECT link_id FROM click_events_forgotten WHERE workspace_id = @ws AND pass = 1)';
  const dropWindow = conn.stmt(`DELETE FROM click_events WHERE workspace_id = @ws AND (at, id) >= (@at, @id) AND (at, id) < (@toAt, @toId) AND ${inPass}`);
  const dropToEnd = conn.stmt(`DELETE FROM click_events WHERE workspace_id = @ws AND (at, id) >= (@at, @id) AND ${inPass}`);
  const advance = conn.stmt('UPDATE click_event_purges SET at = ?, id = ? WHERE workspace_id = ?');
  const endPass = conn.stmt('DELETE FROM click_events_forgotten WHERE workspace_id = ? AND pass = 1');
  const endPurge = conn.stmt('DELETE FROM click_event_purges WHERE workspace_id = ?');

  /** One window of the pass in progress (one transaction); false when there is no pass to go on with. */
  function purgeWindow(): boolean {
    return conn.tx(() => {
      let p = purging.get() as { workspace_id: string; at: number; id: number } | undefined;
      if (!p) {
        const ws = waiting.get() as string | undefined;
        if (ws === undefined) return false;
        startPass.run({ ws, n: PURGE_LINKS });
        newPurge.run(ws, FIRST.at, FIRST.id);
        p = { workspace_id: ws, ...FIRST };
      }
      const range = { ws: p.workspace_id, at: Number(p.at), id: Number(p.id) };
      const end = windowEnd.get(range.ws, range.at, range.id, PURGE_WINDOW) as { at: number; id: number } | undefined;
      if (!end) {
        dropToEnd.run(range);
        endPass.run(range.ws);
        endPurge.run(range.ws);
      } else {
        dropWindow.run({ ...range, toAt: end.at, toId: end.id });
        advance.run(end.at, end.id, range.ws);
      }
      return true;
    });
  }

  return {
    /** Delete events recorded before `cutoff`, workspace by workspace; returns how many. */
    sweep(cutoff: number): number {
      let n = 0;
      for (let ws = nextWorkspace.get('') as string | undefined; ws !== undefined; ws = nextWorkspace.get(ws) as string | undefined) {
        for (;;) {
          const changes = conn.tx(() => sweepBatch.run(ws, cutoff, SWEEP_BATCH).changes);
          n += changes;
          if (changes < SWEEP_BATCH) break;
        }
      }
      return n;
    },
    /** List a deleted link (in the caller's transaction): its events are read no more, and the next purge removes them. */
    forgetLink(workspaceId: string, linkId: string): void {
      list.run(workspaceId, linkId);
    },
    /** Up to `windows` windows of purge passes (each one transaction); true when work is left. */
    purge(windows: number): boolean {
      for (let i = 0; i < windows; i++) if (!purgeWindow()) return false;
      return purging.get() !== undefined || waiting.get() !== undefined;
    },
  };
}
