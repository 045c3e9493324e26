import type { Utm } from '../../domain/utm-schemas.js';
import { conflictOf, type Row, type SqliteConnection, toDate } from '../sqlite/connection.js';
import { purgeTables } from '../sqlite/purge.js';
import { templateNameKey, type UtmTemplate, type UtmTemplatePatch, type UtmTemplatesRepository } from './repository.js';

const toTemplate = (r: Row): UtmTemplate => ({
  id: String(r.id),
  workspaceId: String(r.workspace_id),
  name: String(r.name),
  values: JSON.parse(String(r.fields)) as Utm,
  createdAt: toDate(r.created_at),
  updatedAt: toDate(r.updated_at),
});

export class SqliteUtmTemplates implements UtmTemplatesRepository {
  constructor(private readonly conn: SqliteConnection) {}

  async insert(t: UtmTemplate): Promise<UtmTemplate> {
    try {
      this.conn
        .stmt('INSERT INTO utm_templates (id, workspace_id, name, name_key, fields, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(t.id, t.workspaceId, t.name, templateNameKey(t.name), JSON.stringify(t.values), t.createdAt.getTime(), t.updatedAt.getTime());
    } catch (e) {
      throw conflictOf(e) ?? e;
    }
    return { ...t, values: { ...t.values } };
  }

  async get(workspaceId: string, id: string): Promise<UtmTemplate | null> {
    const r = this.conn.stmt('SELECT * FROM utm_templates WHERE id = ? AND workspace_id = ?').get(id, workspaceId) as Row | undefined;
    return r ? toTemplate(r) : null;
  }

  async list(workspaceId: string): Promise<UtmTemplate[]> {
    return (this.conn.stmt('SELECT * FROM utm_templates WHERE workspace_id = ? ORDER BY created_at, id').all(workspaceId) as Row[]).map(toTemplate);
  }

  async update(workspaceId: string, id: string, patch: UtmTemplatePatch): Promise<UtmTemplate | null> {
    const sets = ['updated_at = @updated_at'];
    const params: Record<string, unknown> = { id, ws: workspaceId, updated_at: patch.updatedAt.getTime() };
    if (patch.name !== undefined) {
      sets.push('name = @name', 'name_key = @name_key');
      params.name = patch.name;
      params.name_key = templateNameKey(patch.name);
    }
    if (patch.values !== undefined) {
      sets.push('fields = @fields');
      params.fields = JSON.stringify(patch.values);
    }
    try {
      const res = this.conn.stmt(`UPDATE utm_templates SET ${sets.join(', ')} WHERE id = @id AND workspace_id = @ws`).run(params);
      if (res.changes === 0) return null;
    } catch (e) {
      throw conflictOf(e) ?? e;
    }
    return this.get(workspaceId, id);
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    return this.conn.stmt('DELETE FROM utm_templates WHERE id = ? AND workspace_id = ?').run(id, workspaceId).changes > 0;
  }

  async count(workspaceId: string): Promise<number> {
    return Number((this.conn.stmt('SELECT count(*) AS n FROM utm_templates WHERE workspace_id = ?').get(workspaceId) as Row).n);
  }

  async purgeWorkspace(workspaceId: string, limit: number): Promise<number> {
    return purgeTables(this.conn, [['utm_templates']], workspaceId, limit);
  }
}
