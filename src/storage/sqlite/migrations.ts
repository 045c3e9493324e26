/** Versioned schema migrations for the embedded store; PRAGMA user_version records the last applied. */
export const MIGRATIONS: readonly string[] = [
  // 1: initial schema
  `
  CREATE TABLE workspaces (
    id TEXT PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    plan TEXT NOT NULL,
    rate_limit_rpm INTEGER NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE links (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    domain TEXT NOT NULL,
    alias TEXT NOT NULL,
    destination TEXT NOT NULL,
    geo TEXT NOT NULL,
    clicks INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    UNIQUE (domain, alias)
  );
  CREATE INDEX links_by_workspace ON links (workspace_id, created_at DESC, id DESC);
  CREATE TABLE tags (
    workspace_id TEXT NOT NULL,
    key TEXT NOT NULL,
    name TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, key)
  );
  CREATE TABLE link_tags (
    link_id TEXT NOT NULL REFERENCES links (id) ON DELETE CASCADE,
    workspace_id TEXT NOT NULL,
    tag_key TEXT NOT NULL,
    pos INTEGER NOT NULL,
    PRIMARY KEY (link_id, tag_key)
  );
  CREATE INDEX link_tags_by_tag ON link_tags (workspace_id, tag_key);
  CREATE TABLE domains (
    host TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX domains_by_workspace ON domains (workspace_id, created_at);
  CREATE TABLE api_keys (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    name TEXT NOT NULL,
    kid TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    last_used_at INTEGER,
    revoked_at INTEGER,
    successor_id TEXT
  );
  CREATE INDEX api_keys_by_workspace ON api_keys (workspace_id, created_at);
  CREATE TABLE signing_keys (
    kid TEXT PRIMARY KEY,
    private_jwk TEXT NOT NULL,
    public_jwk TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE clicks (
    link_id TEXT NOT NULL,
    workspace_id TEXT NOT NULL,
    at INTEGER NOT NULL,
    day TEXT NOT NULL,
    country TEXT,
    referrer_host TEXT,
    device TEXT NOT NULL,
    browser TEXT NOT NULL,
    bot INTEGER NOT NULL
  );
  CREATE INDEX clicks_by_link ON clicks (link_id, at);
  `,
  // 2: shared counters (rate-limit windows)
  `
  CREATE TABLE counters (
    key TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    value TEXT NOT NULL
  );
  `,
];
