import { type Row, type SqliteConnection, toDate } from '../sqlite/connection.js';
import type { Report, ReportPosition, ReportsRepository } from './repository.js';

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

export class SqliteReports implements ReportsRepository {
  constructor(private readonly conn: SqliteConnection) {}

  async insert(r: Report): Promise<void> {
    this.conn
      .stmt('INSERT INTO reports (id, url, reason, link_id, workspace_id, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(r.id, r.url, r.reason, r.linkId, r.workspaceId, r.createdAt.getTime());
  }

  async list(limit: number, after?: ReportPosition): Promise<Report[]> {
    const rows = (
      after
        ? this.conn
            .stmt('SELECT * FROM reports WHERE created_at < ? OR (created_at = ? AND id < ?) ORDER BY created_at DESC, id DESC LIMIT ?')
            .all(after.createdAt.getTime(), after.createdAt.getTime(), after.id, limit)
        : this.conn.stmt('SELECT * FROM reports ORDER BY created_at DESC, id DESC LIMIT ?').all(limit)
    ) as Row[];
    return rows.map((r) => ({
      id: String(r.id),
      url: String(r.url),
      reason: text(r.reason),
      linkId: text(r.link_id),
      workspaceId: text(r.workspace_id),
      createdAt: toDate(r.created_at),
    }));
  }
}
