import type { Workspace } from '../../domain/model.js';
import type { Plan } from '../../domain/resource-schemas.js';
import { conflictOf, type Row, type SqliteConnection, toDate } from '../sqlite/connection.js';
import type { WorkspacesRepository } from './repository.js';

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
    const r = this.conn.stmt('SELECT * FROM workspaces WHERE id = ?').get(id) as Row | undefined;
    return r ? toWorkspace(r) : null;
  }

  async getBySlug(slug: string): Promise<Workspace | null> {
    const r = this.conn.stmt('SELECT * FROM workspaces WHERE slug = ?').get(slug) as Row | undefined;
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
    return (this.conn.stmt('SELECT * FROM workspaces ORDER BY created_at, slug').all() as Row[]).map(toWorkspace);
  }
}
