/**
 * Migration 15 of the embedded store: tag sheets (docs/adr/0098). A tag's day and month sheets sum
 * the link sheets of the links `click_tag_links` says carry it (the link sheets' shape, plus
 * people's clicks by link in `l`); the writer thread keeps both in step with `link_tags` in one
 * transaction, so a read scoped to one tag reads that tag's few sheets instead of its links'.
 */
const HOUR_COLUMNS = Array.from({ length: 24 }, (_, h) => `    x${h} TEXT,`).join('\n');

export const TAG_SHEETS_MIGRATION = `
  CREATE TABLE click_tag_links (
    workspace_id TEXT NOT NULL,
    tag TEXT NOT NULL,
    link_id TEXT NOT NULL,
    PRIMARY KEY (workspace_id, tag, link_id)
  ) WITHOUT ROWID;
  CREATE INDEX click_tag_links_by_link ON click_tag_links (link_id);
  CREATE TABLE click_tag_sheets (
    workspace_id TEXT NOT NULL,
    grain TEXT NOT NULL,
    period INTEGER NOT NULL,
    tag TEXT NOT NULL,
    tot INTEGER NOT NULL,
    bots INTEGER NOT NULL,
    hc TEXT,
    hb TEXT,
    c TEXT NOT NULL,
${HOUR_COLUMNS}
    l TEXT NOT NULL,
    UNIQUE (workspace_id, tag, grain, period)
  );
  `;
