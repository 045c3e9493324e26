/**
 * Migration 10 of the embedded store: clicks counted per combination of their values (docs/adr/0092).
 * Open hours are one row per link and hour (`click_open`, counts by combination id as JSON); closing
 * an hour adds it to the link's and its domains' day and month sheets (day sheets keep each hour's
 * counts by combination in a column of its own, x0-x23, so a read parses only the hours it needs).
 * Combinations are interned per workspace in `click_combos`; people's clicks are logged in
 * `click_events` for LSK_CLICK_EVENTS_DAYS. The per-dimension rollups of earlier versions
 * (click_hours, click_rollups) are moved into the sheets link by link at start (restartable), then
 * dropped.
 */
/** A day sheet's 24 columns of counts by combination, one per hour of the day (x0 ... x23). */
const HOUR_COLUMNS = Array.from({ length: 24 }, (_, h) => `    x${h} TEXT,`).join('\n');

export const CLICK_SHEETS_MIGRATION = `
  DROP VIEW click_open_counts;
  CREATE TABLE click_combos (
    id INTEGER PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    key TEXT NOT NULL,
    UNIQUE (workspace_id, key)
  );
  CREATE TABLE click_open (
    link_id TEXT NOT NULL,
    hour INTEGER NOT NULL,
    workspace_id TEXT NOT NULL,
    clicks INTEGER NOT NULL,
    bots INTEGER NOT NULL,
    c TEXT NOT NULL,
    PRIMARY KEY (link_id, hour)
  ) WITHOUT ROWID;
  CREATE INDEX click_open_by_workspace ON click_open (workspace_id, hour);
  CREATE INDEX click_open_by_hour ON click_open (hour);
  CREATE TABLE click_domain_sheets (
    workspace_id TEXT NOT NULL,
    grain TEXT NOT NULL,
    period INTEGER NOT NULL,
    domain TEXT NOT NULL,
    tot INTEGER NOT NULL,
    bots INTEGER NOT NULL,
    hc TEXT,
    hb TEXT,
    c TEXT NOT NULL,
${HOUR_COLUMNS}
    l TEXT NOT NULL,
    UNIQUE (workspace_id, grain, period, domain)
  );
  CREATE TABLE click_link_sheets (
    link_id TEXT NOT NULL,
    grain TEXT NOT NULL,
    period INTEGER NOT NULL,
    workspace_id TEXT NOT NULL,
    tot INTEGER NOT NULL,
    bots INTEGER NOT NULL,
    hc TEXT,
    hb TEXT,
    c TEXT NOT NULL,
${HOUR_COLUMNS}
    UNIQUE (link_id, grain, period)
  );
  CREATE INDEX click_link_sheets_by_workspace ON click_link_sheets (workspace_id, grain, period);
  CREATE TABLE click_events (
    id INTEGER PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    at INTEGER NOT NULL,
    link_id TEXT NOT NULL,
    combo INTEGER NOT NULL
  );
  CREATE INDEX click_events_by_workspace ON click_events (workspace_id, at);
  CREATE INDEX click_events_by_link ON click_events (link_id, at);
  CREATE INDEX click_events_by_at ON click_events (at);
  `;
