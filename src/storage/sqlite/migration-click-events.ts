/**
 * Migration 18 of the embedded store: click events clustered by workspace and time (docs/adr/0092,
 * "Events on SQLite"). The event log was a rowid table with three indexes, (workspace, at),
 * (link, at) and (at); every recorded visit wrote all four B-trees, and the link index took each
 * event to a random page (100,000 links visited in turn: a page written to the WAL, and copied again
 * by the checkpoint, per event). Now the table is its own index on (workspace, at, id): an event is
 * appended at its workspace's newest end. Reads by workspace and sweeps by workspace range over it;
 * reads scoped to links read their workspace's events in the hours their sheets show clicks in.
 * Deleted links are listed in `click_events_forgotten` and their events removed by a purge, a pass
 * over the workspace's events per batch of links (`click_event_purges` keeps a pass's position).
 * Event ids are kept (open cursors stay valid); new ones come from `click_event_ids`, advanced once
 * per flush part by the one writer. One transaction (the migrations' own): an interrupted start
 * redoes it.
 */
export const CLICK_EVENTS_MIGRATION = `
  CREATE TABLE click_events_by_time (
    workspace_id TEXT NOT NULL,
    at INTEGER NOT NULL,
    id INTEGER NOT NULL,
    link_id TEXT NOT NULL,
    combo INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, at, id)
  ) WITHOUT ROWID;
  INSERT INTO click_events_by_time (workspace_id, at, id, link_id, combo)
    SELECT workspace_id, at, id, link_id, combo FROM click_events ORDER BY workspace_id, at, id;
  CREATE TABLE click_event_ids (
    one INTEGER PRIMARY KEY CHECK (one = 1),
    next INTEGER NOT NULL
  );
  INSERT INTO click_event_ids (one, next) SELECT 1, coalesce(max(id), 0) + 1 FROM click_events;
  DROP TABLE click_events;
  ALTER TABLE click_events_by_time RENAME TO click_events;
  CREATE TABLE click_events_forgotten (
    workspace_id TEXT NOT NULL,
    link_id TEXT NOT NULL,
    pass INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, link_id)
  ) WITHOUT ROWID;
  CREATE TABLE click_event_purges (
    workspace_id TEXT PRIMARY KEY,
    at INTEGER NOT NULL,
    id INTEGER NOT NULL
  ) WITHOUT ROWID;
`;
