/**
 * Migration 22: scheduled analytics reports and the claims of their periods (docs/adr/0219). The
 * claim's primary key (report, period, take) is what lets one instance alone send a period.
 */
export const SCHEDULED_REPORTS_MIGRATION = `
  CREATE TABLE scheduled_reports (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    frequency TEXT NOT NULL,
    timezone TEXT NOT NULL,
    link_id TEXT,
    tag TEXT,
    domain TEXT,
    recipients TEXT NOT NULL,
    next_run_at INTEGER NOT NULL,
    last_sent_at INTEGER,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX scheduled_reports_by_workspace ON scheduled_reports (workspace_id, created_at, id);
  CREATE INDEX scheduled_reports_due ON scheduled_reports (next_run_at);
  CREATE TABLE scheduled_report_claims (
    report_id TEXT NOT NULL,
    period TEXT NOT NULL,
    take INTEGER NOT NULL,
    workspace_id TEXT NOT NULL,
    claimed_at INTEGER NOT NULL,
    ended_at INTEGER,
    PRIMARY KEY (report_id, period, take)
  );
  CREATE INDEX scheduled_report_claims_by_workspace ON scheduled_report_claims (workspace_id);
`;
