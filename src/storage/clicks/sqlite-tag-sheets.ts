import type { Row, SqliteConnection } from '../sqlite/connection.js';
import type { SheetDelta } from './sheets.js';
import { applyDelta, type linkSheets, type SheetPlace } from './sqlite-sheets.js';
import { countingTags, movesOf } from './sqlite-tag-moves.js';
import { TagDeltas } from './tag-sheets.js';

/**
 * Tag sheets on SQLite (docs/adr/0098). `click_tag_links` records which tags each link's sheets are
 * counted in; it and the tag sheets change together, on the writer thread, in one transaction: at
 * closing (a link-hour goes to its recorded tags' sheets), when syncing with `link_tags` (a link
 * that gained or lost a tag has its sheets added to or taken out of that tag's, a few per
 * transaction: sqlite-tag-moves.ts), and when a link is forgotten. A read of one tag uses the tag's sheets only when the recorded links are exactly
 * the links the links table gives for the tag (docs/adr/0098), so a change not synced yet never
 * shows.
 */
export function recordedTags(conn: SqliteConnection, linkIds: Iterable<string>): Map<string, string[]> {
  const ids = [...new Set(linkIds)];
  const out = new Map<string, string[]>();
  if (ids.length === 0) return out;
  const rows = conn.stmt('SELECT link_id, tag FROM click_tag_links WHERE link_id IN (SELECT value FROM json_each(?))').all(JSON.stringify(ids)) as Row[];
  for (const r of rows) {
    const list = out.get(String(r.link_id)) ?? [];
    list.push(String(r.tag));
    out.set(String(r.link_id), list);
  }
  return out;
}

/**
 * Record a link just inserted as carrying its tags (`link_tags`'s rows), in the caller's transaction
 * (the one inserting the link). A new link has no sheets, so the tag sheets stay the sum of their
 * recorded links' sheets without moving any: no sync on the writer thread (docs/adr/0175).
 */
export function recordNewLinkTags(conn: SqliteConnection, linkId: string): void {
  conn
    .stmt('INSERT OR IGNORE INTO click_tag_links (workspace_id, tag, link_id) SELECT workspace_id, tag_key, link_id FROM link_tags WHERE link_id = ?')
    .run(linkId);
}

/**
 * The tags counting each sheet of these links (recorded, or being moved past that sheet:
 * sqlite-tag-moves.ts), as a function of the link and the sheet.
 */
export function tagsCounting(conn: SqliteConnection, linkIds: readonly string[]): (linkId: string, s: SheetPlace) => string[] {
  const recorded = recordedTags(conn, linkIds);
  const moves = movesOf(conn, linkIds);
  return (linkId, s) => countingTags(recorded.get(linkId) ?? [], moves.get(linkId) ?? [], s);
}

/** The tag sheet deltas of a closing's link sheet deltas: each added to the tags counting it. */
export function tagDeltasOf(conn: SqliteConnection, deltas: Iterable<SheetDelta>): Iterable<SheetDelta> {
  const links = [...deltas].filter((d) => d.kind === 'link');
  const tags = tagsCounting(
    conn,
    links.map((d) => d.key),
  );
  const out = new TagDeltas();
  for (const d of links) for (const tag of tags(d.key, d)) out.add(tag, d, d.key);
  return out.sheets.values();
}

/** Add a closing's link sheet deltas to the sheets of the tags counting them (caller's transaction). */
export function addToTagSheets(conn: SqliteConnection, deltas: Iterable<SheetDelta>): void {
  for (const t of tagDeltasOf(conn, deltas)) applyDelta(conn, t);
}

/** What some of a deleted link's sheets add to the sheets of the tags counting them, negated (read in the caller's transaction). */
export function tagSharesOut(conn: SqliteConnection, sheets: ReturnType<typeof linkSheets>, linkId: string): Iterable<SheetDelta> {
  const tags = tagsCounting(conn, [linkId]);
  const out = new TagDeltas();
  for (const s of sheets) for (const tag of tags(linkId, s)) out.add(tag, s, linkId, -1);
  return out.sheets.values();
}
