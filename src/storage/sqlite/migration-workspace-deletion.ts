/**
 * Migration 20: deleting a workspace (docs/adr/0177). The workspace record takes a tombstone (when,
 * and the slug it had: `slug` then holds the id, so the slug is free at once); the tables a purge
 * reads by workspace and had no index starting with it get one, so each batch is an index range.
 */
export const WORKSPACE_DELETION_MIGRATION = `
  ALTER TABLE workspaces ADD COLUMN deleted_at INTEGER;
  ALTER TABLE workspaces ADD COLUMN deleted_slug TEXT;
  CREATE INDEX webhook_deliveries_by_workspace ON webhook_deliveries (workspace_id);
  CREATE INDEX health_jobs_by_workspace ON health_jobs (workspace_id);
  CREATE INDEX link_health_by_workspace ON link_health (workspace_id);
`;
