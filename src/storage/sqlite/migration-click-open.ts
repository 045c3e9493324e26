/**
 * Migration 16 of the embedded store: the open click hours in one B-tree (docs/adr/0092, "Open
 * hours on SQLite"). `click_open` was keyed by (link, hour) with indexes by (workspace, hour) and by
 * hour: three B-trees written per new link-hour. It is now keyed by (workspace, hour, link) alone.
 * A workspace's reads and the closing walk its range; a link-scoped read knows its workspace and
 * looks its few open hours up by key. The open rows are the last hour or two of clicks, so they are
 * copied in the migration's one transaction (a restart before its end finds the table as it was).
 */
export const CLICK_OPEN_MIGRATION = `
  CREATE TABLE click_open_by_key (
    workspace_id TEXT NOT NULL,
    hour INTEGER NOT NULL,
    link_id TEXT NOT NULL,
    clicks INTEGER NOT NULL,
    bots INTEGER NOT NULL,
    c TEXT NOT NULL,
    PRIMARY KEY (workspace_id, hour, link_id)
  ) WITHOUT ROWID;
  INSERT INTO click_open_by_key (workspace_id, hour, link_id, clicks, bots, c)
    SELECT workspace_id, hour, link_id, clicks, bots, c FROM click_open;
  DROP TABLE click_open;
  ALTER TABLE click_open_by_key RENAME TO click_open;
  `;
