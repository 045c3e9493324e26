import type { SqliteConnection } from './connection.js';

/**
 * Delete up to `limit` rows of a deleted workspace from one table, in one short transaction
 * (docs/adr/0177). `key` names the row (rowid, or the primary key of a WITHOUT ROWID table); the
 * batch is found through an index that starts with workspace_id. Returns the rows deleted.
 */
export function purgeRows(conn: SqliteConnection, table: string, workspaceId: string, limit: number, key = 'rowid'): number {
  const sql = `DELETE FROM ${table} WHERE (${key}) IN (SELECT ${key} FROM ${table} WHERE workspace_id = ? LIMIT ?)`;
  return conn.tx(() => conn.stmt(sql).run(workspaceId, limit).changes);
}

/** The same over several tables in order: the first with rows left gives the batch; 0 when every one is empty. */
export function purgeTables(conn: SqliteConnection, tables: readonly (readonly [string, string?])[], workspaceId: string, limit: number): number {
  for (const [table, key] of tables) {
    const n = purgeRows(conn, table, workspaceId, limit, key);
    if (n > 0) return n;
  }
  return 0;
}
