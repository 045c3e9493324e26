/**
 * Migration 13 (kept apart: migrations.ts is near its size limit): second factors and session
 * details. One-time records (a code used, a challenge taken, a device seen) are claimed by a unique
 * insert; authenticator apps and passkeys per user; sessions remember the browser and OS that signed
 * in; a workspace may require a second factor of its members.
 */
export const SIGN_IN_MIGRATION = `
  CREATE TABLE one_time (
    key TEXT PRIMARY KEY,
    expires_at INTEGER NOT NULL,
    value TEXT NOT NULL DEFAULT ''
  ) WITHOUT ROWID;
  CREATE INDEX one_time_by_expiry ON one_time (expires_at);
  CREATE TABLE totp (
    user_id TEXT PRIMARY KEY,
    secret TEXT,
    enabled_at INTEGER,
    recovery_hashes TEXT NOT NULL,
    pending_secret TEXT,
    pending_at INTEGER
  ) WITHOUT ROWID;
  CREATE TABLE passkeys (
    id TEXT PRIMARY KEY,
    credential_id TEXT NOT NULL UNIQUE,
    user_id TEXT NOT NULL,
    public_key TEXT NOT NULL,
    counter INTEGER NOT NULL,
    transports TEXT NOT NULL,
    name TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    last_used_at INTEGER
  );
  CREATE INDEX passkeys_by_user ON passkeys (user_id, created_at);
  ALTER TABLE sessions ADD COLUMN browser TEXT;
  ALTER TABLE sessions ADD COLUMN os TEXT;
  ALTER TABLE workspaces ADD COLUMN require_2fa INTEGER NOT NULL DEFAULT 0;
`;
