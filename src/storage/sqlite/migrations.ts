import { ABUSE_HEALTH_MIGRATION } from './migration-abuse-health.js';
import { ANALYTICS_SHARES_MIGRATION } from './migration-analytics-shares.js';
import { AUDIT_LOG_MIGRATION } from './migration-audit-log.js';
import { CLICK_EVENTS_MIGRATION } from './migration-click-events.js';
import { CLICK_OPEN_MIGRATION } from './migration-click-open.js';
import { CLICK_PENDING_MIGRATION } from './migration-click-pending.js';
import { CLICK_ROLLUPS_MIGRATION } from './migration-click-rollups.js';
import { CLICK_SHEETS_MIGRATION } from './migration-click-sheets.js';
import { LINKS_THAT_ADAPT } from './migration-links-that-adapt.js';
import { SCHEDULED_REPORTS_MIGRATION } from './migration-scheduled-reports.js';
import { SHORT_WRITES_MIGRATION } from './migration-short-writes.js';
import { SIGN_IN_MIGRATION } from './migration-sign-in.js';
import { TAG_SHEETS_MIGRATION } from './migration-tag-sheets.js';
import { WORKSPACE_DELETION_MIGRATION } from './migration-workspace-deletion.js';

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
  // 3: clicks become hourly rollups (docs/adr/0016), in migration-click-rollups.ts.
  CLICK_ROLLUPS_MIGRATION,
  // 4: time-slot markers of the shared plan limiter's claims (docs/adr/0018)
  `
  CREATE TABLE rate_slots (
    key TEXT NOT NULL,
    chain INTEGER NOT NULL,
    slot INTEGER NOT NULL,
    PRIMARY KEY (key, chain, slot)
  ) WITHOUT ROWID;
  CREATE INDEX rate_slots_by_slot ON rate_slots (slot);
  `,
  // 5: link behaviour fields (title, external id, expiry, click cap, password hash, device targets)
  `
  ALTER TABLE links ADD COLUMN title TEXT;
  ALTER TABLE links ADD COLUMN external_id TEXT;
  ALTER TABLE links ADD COLUMN expires_at INTEGER;
  ALTER TABLE links ADD COLUMN expired_url TEXT;
  ALTER TABLE links ADD COLUMN max_clicks INTEGER;
  ALTER TABLE links ADD COLUMN password_hash TEXT;
  ALTER TABLE links ADD COLUMN device TEXT NOT NULL DEFAULT '{}';
  CREATE UNIQUE INDEX links_by_external_id ON links (workspace_id, external_id);
  `,
  // 6: idempotency keys (docs/adr/0061): the primary key is the claim; status/location/body once answered
  `
  CREATE TABLE idempotency_keys (
    workspace_id TEXT NOT NULL,
    key TEXT NOT NULL,
    token TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    status INTEGER,
    location TEXT,
    body TEXT,
    PRIMARY KEY (workspace_id, key)
  ) WITHOUT ROWID;
  CREATE INDEX idempotency_keys_by_expiry ON idempotency_keys (expires_at);
  `,
  // 7: accounts (users, password-set tokens, memberships, invites, dashboard sessions)
  `
  CREATE TABLE users (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    email_key TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    password_hash TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE password_tokens (
    token_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    expires_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE memberships (
    workspace_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    role TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, user_id)
  ) WITHOUT ROWID;
  CREATE INDEX memberships_by_user ON memberships (user_id);
  CREATE TABLE invites (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    email TEXT NOT NULL,
    role TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX invites_by_workspace ON invites (workspace_id, created_at);
  CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    seen_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX sessions_by_user ON sessions (user_id);
  `,
  // 8: webhook endpoints, their outbox of deliveries and attempt claims (docs/adr/0030); key scopes
  //    (NULL: every scope, as every key had before).
  `
  CREATE TABLE webhook_endpoints (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    url TEXT NOT NULL,
    events TEXT NOT NULL,
    description TEXT,
    enabled INTEGER NOT NULL,
    secrets TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    failing_since INTEGER
  );
  CREATE INDEX webhook_endpoints_by_workspace ON webhook_endpoints (workspace_id, created_at);
  CREATE TABLE webhook_deliveries (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    endpoint_id TEXT NOT NULL,
    message_id TEXT NOT NULL,
    event_type TEXT NOT NULL,
    body TEXT NOT NULL,
    status TEXT NOT NULL,
    attempts INTEGER NOT NULL,
    last_status_code INTEGER,
    last_error TEXT,
    last_duration_ms INTEGER,
    next_attempt_at INTEGER,
    created_at INTEGER NOT NULL,
    delivered_at INTEGER
  );
  CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, created_at DESC, id DESC);
  CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at);
  CREATE TABLE webhook_attempts (
    delivery_id TEXT NOT NULL,
    attempt_no INTEGER NOT NULL,
    take INTEGER NOT NULL,
    owner TEXT NOT NULL,
    lease_until INTEGER NOT NULL,
    finished_at INTEGER,
    PRIMARY KEY (delivery_id, attempt_no, take)
  ) WITHOUT ROWID;
  ALTER TABLE api_keys ADD COLUMN scopes TEXT;
  `,
  // 9: analytics over long windows (docs/adr/0091): the workspace index of closed rollups carries the
  //    count, so a workspace's series and breakdowns read the index alone; the open hours get a view
  //    of their own, so queries sum closed and open rows apart (each arm aggregates before the union).
  `
  DROP INDEX click_rollups_by_workspace;
  CREATE INDEX click_rollups_by_workspace ON click_rollups (workspace_id, dim, hour, n);
  DROP VIEW click_counts;
  CREATE VIEW click_open_counts AS
    SELECT link_id, hour, 'clicks' AS dim, '' AS value, workspace_id, clicks AS n FROM click_hours WHERE clicks > 0
    UNION ALL SELECT link_id, hour, 'bots', '', workspace_id, bots FROM click_hours WHERE bots > 0
    UNION ALL SELECT h.link_id, h.hour, substr(d.key, 1, instr(d.key, ':') - 1), substr(d.key, instr(d.key, ':') + 1), h.workspace_id, d.value
      FROM click_hours h, json_each(h.dims) d;
  `,
  // 10: clicks counted per combination of their values, in day and month sheets (docs/adr/0092).
  CLICK_SHEETS_MIGRATION,
  // 11: abuse and destination health (docs/adr/0130, 0131), in migration-abuse-health.ts.
  ABUSE_HEALTH_MIGRATION,
  // 12: the audit log and restricted API keys (migration-audit-log.ts).
  AUDIT_LOG_MIGRATION,
  // 13: second factors, one-time records, session details, require_2fa (migration-sign-in.ts).
  SIGN_IN_MIGRATION,
  // 14: links that adapt (rules, variants, UTM, previews, domain settings, UTM templates)
  LINKS_THAT_ADAPT,
  // 15: tag sheets, so a read scoped to one tag reads its own sheets (docs/adr/0098).
  TAG_SHEETS_MIGRATION,
  // 16: open click hours keyed by (workspace, hour, link), one B-tree (migration-click-open.ts).
  CLICK_OPEN_MIGRATION,
  // 17: tag sheet moves and workspace deletions in short, resumable steps (migration-short-writes.ts).
  SHORT_WRITES_MIGRATION,
  // 18: click events clustered by workspace and time, no per-link index (migration-click-events.ts).
  CLICK_EVENTS_MIGRATION,
  // 19: what a closing step added to domain and tag sheets, folded in later (migration-click-pending.ts).
  CLICK_PENDING_MIGRATION,
  // 20: deleted workspaces' tombstones and the indexes their purge reads (migration-workspace-deletion.ts).
  WORKSPACE_DELETION_MIGRATION,
  // 21: shared read-only analytics (migration-analytics-shares.ts, docs/adr/0215).
  ANALYTICS_SHARES_MIGRATION,
  // 22: scheduled analytics reports and their period claims (migration-scheduled-reports.ts).
  SCHEDULED_REPORTS_MIGRATION,
];
