/**
 * Migration 14, links that adapt: redirect rules, A/B variants, UTM values and the social preview
 * (JSON, NULL: none); per-domain settings (NULL: the service's defaults); the workspaces' UTM
 * templates; links listed by alias. Kept apart so the list of migrations stays short.
 */
export const LINKS_THAT_ADAPT = `
  ALTER TABLE links ADD COLUMN rules TEXT;
  ALTER TABLE links ADD COLUMN variants TEXT;
  ALTER TABLE links ADD COLUMN utm TEXT;
  ALTER TABLE links ADD COLUMN preview TEXT;
  ALTER TABLE domains ADD COLUMN settings TEXT;
  CREATE TABLE utm_templates (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    fields TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    UNIQUE (workspace_id, name_key)
  );
  CREATE INDEX utm_templates_by_workspace ON utm_templates (workspace_id, created_at);
  CREATE INDEX links_by_alias ON links (workspace_id, alias, id);
  `;
