/** Migration 21: shared read-only analytics (docs/adr/0215), found by token hash or listed per workspace. */
export const ANALYTICS_SHARES_MIGRATION = `
  CREATE TABLE analytics_shares (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    link_id TEXT,
    tag TEXT,
    domain TEXT,
    expires_at INTEGER,
    created_at INTEGER NOT NULL,
    created_by TEXT NOT NULL
  );
  CREATE INDEX analytics_shares_by_workspace ON analytics_shares (workspace_id, created_at, id);
  CREATE INDEX analytics_shares_by_link ON analytics_shares (workspace_id, link_id) WHERE link_id IS NOT NULL;
`;
