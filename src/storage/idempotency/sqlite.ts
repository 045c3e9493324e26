import { type Row, type SqliteConnection, toDate } from '../sqlite/connection.js';
import { purgeTables } from '../sqlite/purge.js';
import type { IdempotencyRecord, IdempotencyRepository, StoredResponse } from './repository.js';

export class SqliteIdempotency implements IdempotencyRepository {
  constructor(private readonly conn: SqliteConnection) {}

  async claim(r: Omit<IdempotencyRecord, 'response'>): Promise<boolean> {
    const insert = this.conn.stmt(
      'INSERT OR IGNORE INTO idempotency_keys (workspace_id, key, token, fingerprint, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    return insert.run(r.workspaceId, r.key, r.token, r.fingerprint, r.createdAt.getTime(), r.expiresAt.getTime()).changes > 0;
  }

  async get(workspaceId: string, key: string): Promise<IdempotencyRecord | null> {
    const r = this.conn.stmt('SELECT * FROM idempotency_keys WHERE workspace_id = ? AND key = ?').get(workspaceId, key) as Row | undefined;
    if (!r) return null;
    return {
      workspaceId,
      key,
      token: String(r.token),
      fingerprint: String(r.fingerprint),
      createdAt: toDate(r.created_at),
      expiresAt: toDate(r.expires_at),
      response: r.status === null ? null : { status: Number(r.status), location: r.location === null ? null : String(r.location), body: String(r.body) },
    };
  }

  async complete(workspaceId: string, key: string, token: string, res: StoredResponse): Promise<void> {
    this.conn
      .stmt('UPDATE idempotency_keys SET status = ?, location = ?, body = ? WHERE workspace_id = ? AND key = ? AND token = ?')
      .run(res.status, res.location, res.body, workspaceId, key, token);
  }

  async release(workspaceId: string, key: string, token: string): Promise<void> {
    this.conn.stmt('DELETE FROM idempotency_keys WHERE workspace_id = ? AND key = ? AND token = ?').run(workspaceId, key, token);
  }

  async sweep(now: Date): Promise<number> {
    return this.conn.stmt('DELETE FROM idempotency_keys WHERE expires_at <= ?').run(now.getTime()).changes;
  }

  async purgeWorkspace(workspaceId: string, limit: number): Promise<number> {
    return purgeTables(this.conn, [['idempotency_keys', 'workspace_id, key']], workspaceId, limit);
  }
}
