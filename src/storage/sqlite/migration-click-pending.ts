/**
 * Migration 19 of the embedded store: closing an hour in short transactions (docs/adr/0179).
 * `click_pending_sheets` holds what a closing step added to a domain's or tag's day or month sheet
 * and has not folded into it yet: one row per step and sheet (`part`), the delta as JSON (totals,
 * hourly totals, counts by combination, by hour and combination, by link). Reads of domain and tag
 * sheets add these rows to the sheets; the writer folds them in, a few sheets per transaction.
 */
export const CLICK_PENDING_MIGRATION = `
  CREATE TABLE click_pending_sheets (
    workspace_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    grain TEXT NOT NULL,
    period INTEGER NOT NULL,
    key TEXT NOT NULL,
    part INTEGER NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (workspace_id, kind, grain, period, key, part)
  ) WITHOUT ROWID;
  `;
