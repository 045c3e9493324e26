import type { Workspace } from '../../domain/model.js';
import type { Plan } from '../../domain/resource-schemas.js';
import { conflictOf, type Row, type SqliteConnection, toDate } from '../sqlite/connection.js';
import type { DeletedWorkspace, WorkspacesRepository } from './repository.js';

const toWorkspace = (r: Row): Workspace => ({
  id: String(r.id),
  slug: String(r.slug),
  plan: r.plan as Plan,
  rateLimitRpm: Number(r.rate_limit_rpm),
  createdAt: toDate(r.created_at),
  require2fa: r.require_2fa === 1,
});

export class SqliteWorkspaces implements WorkspacesRepository {
  constructor(private readonly conn: SqliteConnection) {}

  async create(ws: Workspace): Promise<Workspace> {
    try {
      this.conn
        .stmt('INSERT INTO workspaces (id, slug, plan, rate_limit_rpm, created_at, require_2fa) VALUES (?, ?, ?, ?, ?, ?)')
        .run(ws.id, ws.slug, ws.plan, ws.rateLimitRpm, ws.createdAt.getTime(), ws.require2fa ? 1 : 0);
    } catch (e) {
      throw conflictOf(e) ?? e;
    }
    return ws;
  }

  async get(id: string): Promise<Workspace | null> {
    const r = this.conn.stmt('SELECT * FROM workspaces WHERE id = ? AND deleted_at IS NULL').get(id) as Row | undefined;
    return r ? toWorkspace(r) : null;
  }

  async getBySlug(slug: string): Promise<Workspace | null> {
    const r = this.conn.stmt('SELECT * FROM workspaces WHERE slug = ? AND deleted_at IS NULL').get(slug) as Row | undefined;
    return r ? toWorkspace(r) : null;
  }

  async setPlan(id: string, plan: Plan, rateLimitRpm: number): Promise<Workspace | null> {
    this.conn.stmt('UPDATE workspaces SET plan = ?, rate_limit_rpm = ? WHERE id = ?').run(plan, rateLimitRpm, id);
    return this.get(id);
  }

  async setRequire2fa(id: string, require2fa: boolean): Promise<Workspace | null> {
    this.conn.stmt('UPDATE workspaces SET require_2fa = ? WHERE id = ?').run(require2fa ? 1 : 0, id);
    return this.get(id);
  }

  async list(): Promise<Workspace[]> {
    return (this.conn.stmt('SELECT * FROM workspaces WHERE deleted_at IS NULL ORDER BY created_at, slug').all() as Row[]).map(toWorkspace);
  }

  async markDeleted(id: string, at: Date): Promise<boolean> {
    const sql = 'UPDATE workspaces SET deleted_at = ?, deleted_slug = slug, slug = id WHERE id = ? AND deleted_at IS NULL';
    return this.conn.stmt(sql).run(at.getTime(), id).changes === 1;
  }

  async deleting(): Promise<DeletedWorkspace[]> {
    const rows = this.conn.stmt('SELECT id, deleted_slug, deleted_at FROM workspaces WHERE deleted_at IS NOT NULL ORDER BY deleted_at, id').all() as Row[];
    return rows.map((r) => ({ id: String(r.id), slug: String(r.deleted_slug), deletedAt: toDate(r.deleted_at) }));
  }

  async remove(id: string): Promise<void> {
    this.conn.stmt('DELETE FROM workspaces WHERE id = ? AND deleted_at IS NOT NULL').run(id);
  }
}
