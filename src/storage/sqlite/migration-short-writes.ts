/**
 * Migration 17 of the embedded store: what lets the click writer do long jobs in short, resumable
 * transactions (docs/adr/0103).
 * - `click_tag_moves`: a link-tag pair whose link sheets are being moved into (sign 1) or out of
 *   (sign -1) the tag's sheets, and the last sheet moved (grain, period; '' and -1 before the first).
 *   A link sheet up to that one is counted in the tag's sheets when the pair is not in
 *   `click_tag_links`, and no longer counted when it is.
 * - `click_forgotten_workspaces`: workspaces whose clicks are being deleted, so a deletion cut short
 *   (a crash) is finished by the next maintenance.
 * - `click_totals_by_workspace`: a deleted workspace's totals are found by workspace, not by a scan.
 */
export const SHORT_WRITES_MIGRATION = `
  CREATE TABLE click_tag_moves (
    workspace_id TEXT NOT NULL,
    tag TEXT NOT NULL,
    link_id TEXT NOT NULL,
    sign INTEGER NOT NULL,
    grain TEXT NOT NULL DEFAULT '',
    period INTEGER NOT NULL DEFAULT -1,
    PRIMARY KEY (workspace_id, tag, link_id)
  ) WITHOUT ROWID;
  CREATE INDEX click_tag_moves_by_link ON click_tag_moves (link_id);
  CREATE TABLE click_forgotten_workspaces (
    workspace_id TEXT PRIMARY KEY
  ) WITHOUT ROWID;
  CREATE INDEX click_totals_by_workspace ON click_totals (workspace_id);
  `;
