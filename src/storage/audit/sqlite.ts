import type { AuditAction, AuditEntry, TargetType } from '../../domain/audit.js';
import type { ActorType } from '../../domain/caller.js';
import { type Row, type SqliteConnection, toDate } from '../sqlite/connection.js';
import { purgeTables } from '../sqlite/purge.js';
import type { AuditQuery, AuditRepository } from './repository.js';

const toEntry = (r: Row): AuditEntry => ({
  id: String(r.id),
  workspaceId: String(r.workspace_id),
  at: toDate(r.at),
  actor: { type: String(r.actor_type) as ActorType, id: String(r.actor_id), label: String(r.actor_label) },
  action: String(r.action) as AuditAction,
  target: { type: String(r.target_type) as TargetType, id: String(r.target_id) },
  requestId: r.request_id === null ? null : String(r.request_id),
});

const INSERT = `INSERT OR IGNORE INTO audit_log (id, workspace_id, at, actor_type, actor_id, actor_label, action, target_type, target_id, request_id)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/** The audit log in the embedded store: one table, an index per filter, each ending in the id. */
export class SqliteAudit implements AuditRepository {
  constructor(private readonly conn: SqliteConnection) {}

  async insertMany(entries: readonly AuditEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const stmt = this.conn.stmt(INSERT);
    this.conn.tx(() => {
      for (const e of entries) {
        stmt.run(e.id, e.workspaceId, e.at.getTime(), e.actor.type, e.actor.id, e.actor.label, e.action, e.target.type, e.target.id, e.requestId);
      }
    });
  }

  async list(workspaceId: string, q: AuditQuery): Promise<AuditEntry[]> {
    const where = ['workspace_id = @ws'];
    const params: Record<string, unknown> = { ws: workspaceId, limit: q.limit };
    const add = (sql: string, name: string, value: unknown) => {
      where.push(sql);
      params[name] = value;
    };
    if (q.action !== undefined) add('action = @action', 'action', q.action);
    if (q.actorId !== undefined) add('actor_id = @actor', 'actor', q.actorId);
    if (q.targetId !== undefined) add('target_id = @target', 'target', q.targetId);
    if (q.from !== undefined) add('at >= @from', 'from', q.from.getTime());
    if (q.to !== undefined) add('at < @to', 'to', q.to.getTime());
    if (q.beforeId !== undefined) add('id < @before', 'before', q.beforeId);
    const sql = `SELECT * FROM audit_log WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT @limit`;
    return (this.conn.stmt(sql).all(params) as Row[]).map(toEntry);
  }

  async deleteBefore(at: Date): Promise<number> {
    return this.conn.stmt('DELETE FROM audit_log WHERE at < ?').run(at.getTime()).changes;
  }

  async purgeWorkspace(workspaceId: string, limit: number): Promise<number> {
    return purgeTables(this.conn, [['audit_log', 'id']], workspaceId, limit);
  }
}
