import { type Row, type SqliteConnection, toDate } from '../sqlite/connection.js';
import { purgeTables } from '../sqlite/purge.js';
import type { DisabledLink, ModerationRepository, Suspension } from './repository.js';

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

export class SqliteModeration implements ModerationRepository {
  constructor(private readonly conn: SqliteConnection) {}

  async disableLink(d: DisabledLink): Promise<boolean> {
    return (
      this.conn
        .stmt('INSERT OR IGNORE INTO disabled_links (link_id, workspace_id, domain, alias, reason, disabled_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(d.linkId, d.workspaceId, d.domain, d.alias, d.reason, d.disabledAt.getTime()).changes > 0
    );
  }

  async enableLink(linkId: string): Promise<boolean> {
    return this.conn.stmt('DELETE FROM disabled_links WHERE link_id = ?').run(linkId).changes > 0;
  }

  async disabledLinks(): Promise<DisabledLink[]> {
    return (this.conn.stmt('SELECT * FROM disabled_links ORDER BY disabled_at, link_id').all() as Row[]).map((r) => ({
      linkId: String(r.link_id),
      workspaceId: String(r.workspace_id),
      domain: String(r.domain),
      alias: String(r.alias),
      reason: text(r.reason),
      disabledAt: toDate(r.disabled_at),
    }));
  }

  async suspend(s: Suspension): Promise<boolean> {
    return (
      this.conn
        .stmt('INSERT OR IGNORE INTO suspensions (workspace_id, reason, suspended_at) VALUES (?, ?, ?)')
        .run(s.workspaceId, s.reason, s.suspendedAt.getTime()).changes > 0
    );
  }

  async unsuspend(workspaceId: string): Promise<boolean> {
    return this.conn.stmt('DELETE FROM suspensions WHERE workspace_id = ?').run(workspaceId).changes > 0;
  }

  async suspensions(): Promise<Suspension[]> {
    return (this.conn.stmt('SELECT * FROM suspensions ORDER BY suspended_at, workspace_id').all() as Row[]).map((r) => ({
      workspaceId: String(r.workspace_id),
      reason: text(r.reason),
      suspendedAt: toDate(r.suspended_at),
    }));
  }

  /** A deleted workspace's disabled links and its suspension: moot once it is gone (abuse reports stay the operator's). */
  async purgeWorkspace(workspaceId: string, limit: number): Promise<number> {
    return purgeTables(this.conn, [['disabled_links'], ['suspensions']], workspaceId, limit);
  }
}
