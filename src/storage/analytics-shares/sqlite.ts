import type { Actor } from '../../domain/caller.js';
import type { PagePosition } from '../../domain/cursor.js';
import { type Row, type SqliteConnection, toDate, toDateOrNull } from '../sqlite/connection.js';
import { purgeTables } from '../sqlite/purge.js';
import type { AnalyticsShare, AnalyticsSharesRepository } from './repository.js';

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

const toShare = (r: Row): AnalyticsShare => ({
  id: String(r.id),
  workspaceId: String(r.workspace_id),
  tokenHash: String(r.token_hash),
  linkId: text(r.link_id),
  tag: text(r.tag),
  domain: text(r.domain),
  expiresAt: toDateOrNull(r.expires_at),
  createdAt: toDate(r.created_at),
  createdBy: JSON.parse(String(r.created_by)) as Actor,
});

export class SqliteAnalyticsShares implements AnalyticsSharesRepository {
  constructor(private readonly conn: SqliteConnection) {}

  async insert(s: AnalyticsShare): Promise<AnalyticsShare> {
    this.conn
      .stmt(
        'INSERT INTO analytics_shares (id, workspace_id, token_hash, link_id, tag, domain, expires_at, created_at, created_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(s.id, s.workspaceId, s.tokenHash, s.linkId, s.tag, s.domain, s.expiresAt?.getTime() ?? null, s.createdAt.getTime(), JSON.stringify(s.createdBy));
    return { ...s, createdBy: { ...s.createdBy } };
  }

  async get(workspaceId: string, id: string): Promise<AnalyticsShare | null> {
    const r = this.conn.stmt('SELECT * FROM analytics_shares WHERE id = ? AND workspace_id = ?').get(id, workspaceId) as Row | undefined;
    return r ? toShare(r) : null;
  }

  async byTokenHash(tokenHash: string): Promise<AnalyticsShare | null> {
    const r = this.conn.stmt('SELECT * FROM analytics_shares WHERE token_hash = ?').get(tokenHash) as Row | undefined;
    return r ? toShare(r) : null;
  }

  async list(workspaceId: string, limit: number, after?: PagePosition): Promise<AnalyticsShare[]> {
    const rows = after
      ? this.conn
          .stmt(
            `SELECT * FROM analytics_shares WHERE workspace_id = ? AND (created_at < ? OR (created_at = ? AND id < ?))
             ORDER BY created_at DESC, id DESC LIMIT ?`,
          )
          .all(workspaceId, after.createdAt.getTime(), after.createdAt.getTime(), after.id, limit)
      : this.conn.stmt('SELECT * FROM analytics_shares WHERE workspace_id = ? ORDER BY created_at DESC, id DESC LIMIT ?').all(workspaceId, limit);
    return (rows as Row[]).map(toShare);
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    return this.conn.stmt('DELETE FROM analytics_shares WHERE id = ? AND workspace_id = ?').run(id, workspaceId).changes > 0;
  }

  async deleteForLink(workspaceId: string, linkId: string): Promise<number> {
    return this.conn.stmt('DELETE FROM analytics_shares WHERE workspace_id = ? AND link_id = ?').run(workspaceId, linkId).changes;
  }

  async count(workspaceId: string): Promise<number> {
    return Number((this.conn.stmt('SELECT count(*) AS n FROM analytics_shares WHERE workspace_id = ?').get(workspaceId) as Row).n);
  }

  async purgeWorkspace(workspaceId: string, limit: number): Promise<number> {
    return purgeTables(this.conn, [['analytics_shares']], workspaceId, limit);
  }
}
