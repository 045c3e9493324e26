/**
 * Migration 11: abuse and destination health (docs/adr/0130, 0131): the operator's blocked hosts,
 * disabled links and suspended workspaces, abuse reports, and health-check jobs, claims and states.
 */
export const ABUSE_HEALTH_MIGRATION = `
  CREATE TABLE blocked_hosts (
    host TEXT PRIMARY KEY,
    note TEXT,
    created_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE disabled_links (
    link_id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    domain TEXT NOT NULL,
    alias TEXT NOT NULL,
    reason TEXT,
    disabled_at INTEGER NOT NULL
  );
  CREATE TABLE suspensions (
    workspace_id TEXT PRIMARY KEY,
    reason TEXT,
    suspended_at INTEGER NOT NULL
  );
  CREATE TABLE reports (
    id TEXT PRIMARY KEY,
    url TEXT NOT NULL,
    reason TEXT,
    link_id TEXT,
    workspace_id TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX reports_by_time ON reports (created_at DESC, id DESC);
  CREATE TABLE health_jobs (
    id TEXT PRIMARY KEY,
    link_id TEXT NOT NULL,
    workspace_id TEXT NOT NULL,
    targets_key TEXT NOT NULL,
    due_at INTEGER NOT NULL
  );
  CREATE INDEX health_jobs_due ON health_jobs (due_at, id);
  CREATE TABLE health_claims (
    job_id TEXT NOT NULL,
    take INTEGER NOT NULL,
    owner TEXT NOT NULL,
    lease_until INTEGER NOT NULL,
    finished_at INTEGER,
    PRIMARY KEY (job_id, take)
  ) WITHOUT ROWID;
  CREATE INDEX health_claims_finished ON health_claims (finished_at);
  CREATE TABLE link_health (
    link_id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    targets_key TEXT NOT NULL,
    status TEXT NOT NULL,
    http_status INTEGER,
    checked_at INTEGER,
    failures INTEGER NOT NULL,
    error TEXT,
    failed_url TEXT
  );
  CREATE INDEX link_health_by_status ON link_health (status, workspace_id);
`;
