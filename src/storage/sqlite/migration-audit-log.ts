/**
 * Migration 12: the audit log (docs/adr/0120): inserts only, newest first by its time-ordered id, an
 * index per filter; restricted API keys (docs/adr/0121): NULL domains or tags means no restriction.
 */
export const AUDIT_LOG_MIGRATION = `
  CREATE TABLE audit_log (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    at INTEGER NOT NULL,
    actor_type TEXT NOT NULL,
    actor_id TEXT NOT NULL,
    actor_label TEXT NOT NULL,
    action TEXT NOT NULL,
    target_type TEXT NOT NULL,
    target_id TEXT NOT NULL,
    request_id TEXT
  ) WITHOUT ROWID;
  CREATE INDEX audit_by_workspace ON audit_log (workspace_id, id);
  CREATE INDEX audit_by_action ON audit_log (workspace_id, action, id);
  CREATE INDEX audit_by_actor ON audit_log (workspace_id, actor_id, id);
  CREATE INDEX audit_by_target ON audit_log (workspace_id, target_id, id);
  CREATE INDEX audit_by_time ON audit_log (at);
  ALTER TABLE api_keys ADD COLUMN domains TEXT;
  ALTER TABLE api_keys ADD COLUMN tags TEXT;
  `;
