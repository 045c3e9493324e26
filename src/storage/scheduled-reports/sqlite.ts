import { type Row, type SqliteConnection, toDate } from '../sqlite/connection.js';
import { purgeTables } from '../sqlite/purge.js';
import type { ReportClaim, ReportFrequency, ReportPosition, ScheduledReport, ScheduledReportPatch, ScheduledReportsRepository } from './repository.js';

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

const toReport = (r: Row): ScheduledReport => ({
  id: String(r.id),
  workspaceId: String(r.workspace_id),
  frequency: String(r.frequency) as ReportFrequency,
  timezone: String(r.timezone),
  scope: { linkId: text(r.link_id), tag: text(r.tag), domain: text(r.domain) },
  recipients: JSON.parse(String(r.recipients)) as string[],
  nextRunAt: toDate(r.next_run_at),
  lastSentAt: r.last_sent_at === null ? null : toDate(r.last_sent_at),
  createdAt: toDate(r.created_at),
});

const toClaim = (r: Row): ReportClaim => ({
  reportId: String(r.report_id),
  period: String(r.period),
  take: Number(r.take),
  workspaceId: String(r.workspace_id),
  claimedAt: toDate(r.claimed_at),
  endedAt: r.ended_at === null ? null : toDate(r.ended_at),
});

export class SqliteScheduledReports implements ScheduledReportsRepository {
  constructor(private readonly conn: SqliteConnection) {}

  async insert(r: ScheduledReport): Promise<void> {
    this.conn
      .stmt(
        'INSERT INTO scheduled_reports (id, workspace_id, frequency, timezone, link_id, tag, domain, recipients, next_run_at, last_sent_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        r.id,
        r.workspaceId,
        r.frequency,
        r.timezone,
        r.scope.linkId,
        r.scope.tag,
        r.scope.domain,
        JSON.stringify(r.recipients),
        r.nextRunAt.getTime(),
        r.lastSentAt?.getTime() ?? null,
        r.createdAt.getTime(),
      );
  }

  async get(workspaceId: string, id: string): Promise<ScheduledReport | null> {
    const r = this.conn.stmt('SELECT * FROM scheduled_reports WHERE id = ? AND workspace_id = ?').get(id, workspaceId) as Row | undefined;
    return r ? toReport(r) : null;
  }

  async list(workspaceId: string, limit: number, after?: ReportPosition): Promise<ScheduledReport[]> {
    const rows = after
      ? this.conn
          .stmt('SELECT * FROM scheduled_reports WHERE workspace_id = ? AND (created_at > ? OR (created_at = ? AND id > ?)) ORDER BY created_at, id LIMIT ?')
          .all(workspaceId, after.createdAt.getTime(), after.createdAt.getTime(), after.id, limit)
      : this.conn.stmt('SELECT * FROM scheduled_reports WHERE workspace_id = ? ORDER BY created_at, id LIMIT ?').all(workspaceId, limit);
    return (rows as Row[]).map(toReport);
  }

  async count(workspaceId: string): Promise<number> {
    return Number((this.conn.stmt('SELECT count(*) AS n FROM scheduled_reports WHERE workspace_id = ?').get(workspaceId) as Row).n);
  }

  async update(workspaceId: string, id: string, patch: ScheduledReportPatch): Promise<ScheduledReport | null> {
    const sets: string[] = [];
    const params: Record<string, unknown> = { id, ws: workspaceId };
    const set = (column: string, value: unknown) => {
      sets.push(`${column} = @${column}`);
      params[column] = value;
    };
    if (patch.frequency !== undefined) set('frequency', patch.frequency);
    if (patch.timezone !== undefined) set('timezone', patch.timezone);
    if (patch.scope !== undefined) {
      set('link_id', patch.scope.linkId);
      set('tag', patch.scope.tag);
      set('domain', patch.scope.domain);
    }
    if (patch.recipients !== undefined) set('recipients', JSON.stringify(patch.recipients));
    if (patch.nextRunAt !== undefined) set('next_run_at', patch.nextRunAt.getTime());
    if (patch.lastSentAt !== undefined) set('last_sent_at', patch.lastSentAt?.getTime() ?? null);
    if (sets.length > 0 && this.conn.stmt(`UPDATE scheduled_reports SET ${sets.join(', ')} WHERE id = @id AND workspace_id = @ws`).run(params).changes === 0) {
      return null;
    }
    return this.get(workspaceId, id);
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    const gone = this.conn.stmt('DELETE FROM scheduled_reports WHERE id = ? AND workspace_id = ?').run(id, workspaceId).changes > 0;
    if (gone) this.conn.stmt('DELETE FROM scheduled_report_claims WHERE report_id = ?').run(id);
    return gone;
  }

  async deleteForLink(workspaceId: string, linkId: string): Promise<number> {
    const ids = this.conn.stmt('SELECT id FROM scheduled_reports WHERE workspace_id = ? AND link_id = ?').all(workspaceId, linkId) as Row[];
    for (const r of ids) await this.delete(workspaceId, String(r.id));
    return ids.length;
  }

  async due(now: Date, limit: number): Promise<ScheduledReport[]> {
    return (this.conn.stmt('SELECT * FROM scheduled_reports WHERE next_run_at <= ? ORDER BY next_run_at, id LIMIT ?').all(now.getTime(), limit) as Row[]).map(
      toReport,
    );
  }

  async claims(reportId: string, period: string): Promise<ReportClaim[]> {
    return (this.conn.stmt('SELECT * FROM scheduled_report_claims WHERE report_id = ? AND period = ? ORDER BY take').all(reportId, period) as Row[]).map(
      toClaim,
    );
  }

  async claim(c: ReportClaim): Promise<boolean> {
    const res = this.conn
      .stmt('INSERT OR IGNORE INTO scheduled_report_claims (report_id, period, take, workspace_id, claimed_at, ended_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(c.reportId, c.period, c.take, c.workspaceId, c.claimedAt.getTime(), c.endedAt?.getTime() ?? null);
    return res.changes > 0;
  }

  async endClaim(reportId: string, period: string, take: number, endedAt: Date): Promise<void> {
    this.conn
      .stmt('UPDATE scheduled_report_claims SET ended_at = ? WHERE report_id = ? AND period = ? AND take = ?')
      .run(endedAt.getTime(), reportId, period, take);
  }

  async purgeWorkspace(workspaceId: string, limit: number): Promise<number> {
    return purgeTables(this.conn, [['scheduled_report_claims'], ['scheduled_reports']], workspaceId, limit);
  }
}
