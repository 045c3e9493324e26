import type { Row, SqliteConnection } from '../sqlite/connection.js';
import type { OpenRows } from './sqlite-open-rows.js';

/**
 * A deleted workspace's click tables, in the order its rows go: the columns of a row's key (to pick a
 * batch found through an index by workspace) and how many rows go per transaction. Sheets of busy
 * links and domains are large JSON texts, so fewer of them per transaction.
 */
export const FORGET_TABLES: readonly { table: string; key: string; rows: number }[] = [
  { table: 'click_pending_sheets', key: 'workspace_id, kind, grain, period, key, part', rows: 100 },
  { table: 'click_tag_moves', key: 'workspace_id, tag, link_id', rows: 1000 },
  { table: 'click_tag_links', key: 'workspace_id, tag, link_id', rows: 1000 },
  { table: 'click_tag_sheets', key: 'rowid', rows: 100 },
  { table: 'click_domain_sheets', key: 'rowid', rows: 100 },
  { table: 'click_link_sheets', key: 'rowid', rows: 100 },
  { table: 'click_open', key: 'workspace_id, hour, link_id', rows: 1000 },
  { table: 'click_totals', key: 'link_id', rows: 1000 },
  { table: 'click_events', key: 'workspace_id, at, id', rows: 1000 },
  { table: 'click_events_forgotten', key: 'workspace_id, link_id', rows: 1000 },
  { table: 'click_event_purges', key: 'workspace_id', rows: 1000 },
  { table: 'click_combos', key: 'rowid', rows: 1000 },
];

/**
 * Delete a workspace's clicks in short transactions (docs/adr/0103): the workspace is noted in
 * `click_forgotten_workspaces` first and struck off in the last one, so a deletion cut short is
 * finished by `forgottenWorkspaces` and another call. Each transaction deletes up to a table's
 * `rows`; returns the transactions made.
 */
export function forgetWorkspace(conn: SqliteConnection, open: OpenRows, workspaceId: string): number {
  conn.tx(() => conn.stmt('INSERT OR IGNORE INTO click_forgotten_workspaces (workspace_id) VALUES (?)').run(workspaceId));
  let txs = 1;
  for (const { table, key, rows } of FORGET_TABLES) {
    const drop = conn.stmt(`DELETE FROM ${table} WHERE (${key}) IN (SELECT ${key} FROM ${table} WHERE workspace_id = @ws LIMIT @n)`);
    for (let n = rows; n === rows; txs++) n = conn.tx(() => drop.run({ ws: workspaceId, n: rows }).changes);
  }
  open.forgetAll();
  conn.tx(() => conn.stmt('DELETE FROM click_forgotten_workspaces WHERE workspace_id = ?').run(workspaceId));
  return txs + 1;
}

/** Workspaces whose deletion was cut short. */
export function forgottenWorkspaces(conn: SqliteConnection): string[] {
  return (conn.stmt('SELECT workspace_id FROM click_forgotten_workspaces').all() as Row[]).map((r) => String(r.workspace_id));
}
