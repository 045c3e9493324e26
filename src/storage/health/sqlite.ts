import { type Row, type SqliteConnection, toDate, toDateOrNull } from '../sqlite/connection.js';
import { purgeTables } from '../sqlite/purge.js';
import type { CheckClaim, CheckClaimRecord, HealthJob, HealthRepository, HealthState, HealthStatus } from './repository.js';

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

const toJob = (r: Row): HealthJob => ({
  id: String(r.id),
  linkId: String(r.link_id),
  workspaceId: String(r.workspace_id),
  targetsKey: String(r.targets_key),
  dueAt: toDate(r.due_at),
});

const STATES_OF_IDS = 'SELECT h.* FROM json_each(?) AS j CROSS JOIN link_health AS h WHERE h.link_id = j.value';

const toState = (r: Row): HealthState => ({
  linkId: String(r.link_id),
  workspaceId: String(r.workspace_id),
  targetsKey: String(r.targets_key),
  status: String(r.status) as HealthStatus,
  httpStatus: r.http_status === null ? null : Number(r.http_status),
  checkedAt: toDateOrNull(r.checked_at),
  failures: Number(r.failures),
  error: text(r.error),
  failedUrl: text(r.failed_url),
});

export class SqliteHealth implements HealthRepository {
  constructor(private readonly conn: SqliteConnection) {}

  /** In the next group commit (sqlite/group-commit.ts): a link created schedules its check in its request. */
  schedule(j: HealthJob): Promise<boolean> {
    const insert = this.conn.stmt('INSERT OR IGNORE INTO health_jobs (id, link_id, workspace_id, targets_key, due_at) VALUES (?, ?, ?, ?, ?)');
    return this.conn.grouped.run(() => insert.run(j.id, j.linkId, j.workspaceId, j.targetsKey, j.dueAt.getTime()).changes > 0);
  }

  async scheduleMany(jobs: readonly HealthJob[]): Promise<number> {
    const insert = this.conn.stmt('INSERT OR IGNORE INTO health_jobs (id, link_id, workspace_id, targets_key, due_at) VALUES (?, ?, ?, ?, ?)');
    return this.conn.tx(() => jobs.reduce((n, j) => n + insert.run(j.id, j.linkId, j.workspaceId, j.targetsKey, j.dueAt.getTime()).changes, 0));
  }

  async due(now: Date, limit: number): Promise<HealthJob[]> {
    return (this.conn.stmt('SELECT * FROM health_jobs WHERE due_at <= ? ORDER BY due_at, id LIMIT ?').all(now.getTime(), limit) as Row[]).map(toJob);
  }

  async dropJob(id: string): Promise<void> {
    this.conn.stmt('DELETE FROM health_jobs WHERE id = ?').run(id);
  }

  async jobCount(): Promise<number> {
    return Number((this.conn.stmt('SELECT count(*) AS n FROM health_jobs').get() as Row).n);
  }

  async claims(jobId: string): Promise<CheckClaimRecord[]> {
    return (this.conn.stmt('SELECT * FROM health_claims WHERE job_id = ? ORDER BY take').all(jobId) as Row[]).map((r) => ({
      jobId: String(r.job_id),
      take: Number(r.take),
      owner: String(r.owner),
      leaseUntil: toDate(r.lease_until),
      finishedAt: toDateOrNull(r.finished_at),
    }));
  }

  async claim(c: CheckClaim): Promise<boolean> {
    return (
      this.conn
        .stmt('INSERT OR IGNORE INTO health_claims (job_id, take, owner, lease_until) VALUES (?, ?, ?, ?)')
        .run(c.jobId, c.take, c.owner, c.leaseUntil.getTime()).changes > 0
    );
  }

  async finish(c: CheckClaim, at: Date): Promise<void> {
    this.conn.stmt('UPDATE health_claims SET finished_at = ? WHERE job_id = ? AND take = ?').run(at.getTime(), c.jobId, c.take);
  }

  async sweepClaims(before: Date): Promise<void> {
    this.conn.stmt('DELETE FROM health_claims WHERE finished_at < ?').run(before.getTime());
  }

  async states(linkIds: readonly string[]): Promise<Map<string, HealthState>> {
    if (linkIds.length === 0) return new Map();
    // Driven from the ids, one key seek each (as the click totals' read, docs/adr/0235); a repeated id maps to the same state.
    const rows = this.conn.stmt(STATES_OF_IDS).all(JSON.stringify(linkIds)) as Row[];
    return new Map(rows.map((r) => [String(r.link_id), toState(r)]));
  }

  async putState(s: HealthState): Promise<void> {
    this.conn
      .stmt(
        'INSERT OR REPLACE INTO link_health (link_id, workspace_id, targets_key, status, http_status, checked_at, failures, error, failed_url) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(s.linkId, s.workspaceId, s.targetsKey, s.status, s.httpStatus, s.checkedAt?.getTime() ?? null, s.failures, s.error, s.failedUrl);
  }

  async dropState(linkId: string): Promise<void> {
    this.conn.stmt('DELETE FROM link_health WHERE link_id = ?').run(linkId);
  }

  async brokenIds(workspaceId: string): Promise<string[]> {
    return (this.conn.stmt("SELECT link_id FROM link_health WHERE status = 'broken' AND workspace_id = ?").all(workspaceId) as Row[]).map((r) =>
      String(r.link_id),
    );
  }

  async countBroken(): Promise<number> {
    return Number((this.conn.stmt("SELECT count(*) AS n FROM link_health WHERE status = 'broken'").get() as Row).n);
  }

  /** A batch of check jobs goes with their claims (found by job), then the links' states. */
  async purgeWorkspace(workspaceId: string, limit: number): Promise<number> {
    const claims = 'DELETE FROM health_claims WHERE job_id IN (SELECT id FROM health_jobs WHERE workspace_id = ? LIMIT ?)';
    return this.conn.tx(() => {
      this.conn.stmt(claims).run(workspaceId, limit);
      return purgeTables(this.conn, [['health_jobs'], ['link_health']], workspaceId, limit);
    });
  }
}
