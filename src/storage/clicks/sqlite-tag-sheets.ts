import type { Row, SqliteConnection } from '../sqlite/connection.js';
import type { Grain } from './engine/source.js';
import type { TagSyncScope } from './repository.js';
import type { SheetDelta } from './sheets.js';
import { applyDelta, sheetOfRow, X_COLUMNS } from './sqlite-sheets.js';
import { TagDeltas } from './tag-sheets.js';

/**
 * Link-tag differences moved per transaction of a scoped sync (each link's are moved whole, in one
 * transaction): 20 links with a year of clicks each hold the write lock for seconds (docs/adr/0103).
 */
const SYNC_ROWS = 20;
/** Link ids per window of a whole sync, one transaction each (most windows hold no difference). */
const WINDOW_ROWS = 500;

/**
 * Tag sheets on SQLite (docs/adr/0098). `click_tag_links` records which tags each link's sheets are
 * counted in; it and the tag sheets change together, on the writer thread, in one transaction: at
 * closing (a link-hour goes to its recorded tags' sheets), when syncing with `link_tags` (a link
 * that gained or lost a tag has its sheets added to or taken out of that tag's), and when a link
 * is forgotten. A read of one tag uses the tag's sheets only when the recorded links are exactly
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

/** Add a closing's link sheet deltas to the sheets of their links' recorded tags (caller's transaction). */
export function addToTagSheets(conn: SqliteConnection, deltas: Iterable<SheetDelta>): void {
  const links = [...deltas].filter((d) => d.kind === 'link');
  const tags = recordedTags(
    conn,
    links.map((d) => d.key),
  );
  if (tags.size === 0) return;
  const out = new TagDeltas();
  for (const d of links) for (const tag of tags.get(d.key) ?? []) out.add(tag, d, d.key);
  for (const t of out.sheets.values()) applyDelta(conn, t);
}

/** A link's own sheets (the first `limit` of them, by grain and period), as deltas to move. */
export function linkSheets(conn: SqliteConnection, workspaceId: string, linkId: string, limit = -1) {
  const rows = conn
    .stmt(
      `SELECT link_id AS key, grain, period, tot, bots, hc, hb, c, ${X_COLUMNS.join(', ')} FROM click_link_sheets WHERE link_id = ? AND +workspace_id = ? ORDER BY grain, period LIMIT ?`,
    )
    .all(linkId, workspaceId, limit) as Row[];
  return rows.map((r) => {
    const s = sheetOfRow(r);
    // A month sheet has no hours.
    if (r.grain === 'month') delete s.x;
    return { ...s, grain: r.grain as Grain, workspaceId };
  });
}

/** Take some of a deleted link's sheets out of the sheets of its recorded tags `tags` (caller's transaction). */
export function takeOutOfTags(conn: SqliteConnection, tags: readonly string[], sheets: ReturnType<typeof linkSheets>, linkId: string): void {
  if (tags.length === 0) return;
  const out = new TagDeltas();
  for (const s of sheets) for (const tag of tags) out.add(tag, s, linkId, -1);
  for (const t of out.sheets.values()) applyDelta(conn, t);
}

interface Change {
  workspaceId: string;
  linkId: string;
  tag: string;
  sign: 1 | -1;
}

/** Link ids after `after` and up to `upto` (inclusive; null: to the end). */
interface Window {
  after: string;
  upto: string | null;
}

/**
 * Differences between `link_tags` and the record (one workspace's, or every one's): up to `limit`
 * rows each way, or every one in a window of link ids.
 */
function differences(conn: SqliteConnection, workspaceId: string | null, limit: number, only: TagSyncScope = {}, window?: Window): Change[] {
  const params: Record<string, unknown> = { n: window ? -1 : limit };
  let t = '';
  let c = '';
  if (window) {
    params.after = window.after;
    t += ' AND t.link_id > @after';
    c += ' AND c.link_id > @after';
    if (window.upto !== null) {
      params.upto = window.upto;
      t += ' AND t.link_id <= @upto';
      c += ' AND c.link_id <= @upto';
    }
  }
  if (workspaceId !== null) {
    params.ws = workspaceId;
    // Scoped to links, the rows are found by link (`+` keeps SQLite off the index by workspace,
    // which it took without statistics: a scan of the workspace's pairs for every link created).
    const ws = only.links ? '+' : '';
    t += ` AND ${ws}t.workspace_id = @ws`;
    c += ` AND ${ws}c.workspace_id = @ws`;
  }
  if (only.links) {
    params.links = JSON.stringify(only.links);
    t += ' AND t.link_id IN (SELECT value FROM json_each(@links))';
    c += ' AND c.link_id IN (SELECT value FROM json_each(@links))';
  }
  if (only.tags) {
    params.tags = JSON.stringify(only.tags);
    t += ' AND t.tag_key IN (SELECT value FROM json_each(@tags))';
    c += ' AND c.tag IN (SELECT value FROM json_each(@tags))';
  }
  const gained = conn
    .stmt(
      `SELECT t.workspace_id, t.link_id, t.tag_key AS tag FROM link_tags t
       WHERE NOT EXISTS (SELECT 1 FROM click_tag_links c WHERE c.workspace_id = t.workspace_id AND c.tag = t.tag_key AND c.link_id = t.link_id)${t} LIMIT @n`,
    )
    .all(params) as Row[];
  const lost = conn
    .stmt(
      `SELECT c.workspace_id, c.link_id, c.tag FROM click_tag_links c
       WHERE NOT EXISTS (SELECT 1 FROM link_tags t WHERE t.link_id = c.link_id AND t.tag_key = c.tag)${c} LIMIT @n`,
    )
    .all(params) as Row[];
  const of = (r: Row, sign: 1 | -1): Change => ({ workspaceId: String(r.workspace_id), linkId: String(r.link_id), tag: String(r.tag), sign });
  return [...gained.map((r) => of(r, 1)), ...lost.map((r) => of(r, -1))];
}

/**
 * The next window of a whole sync: up to the link id by which both tables have given WINDOW_ROWS rows
 * after `after` (null: to the end, when one of them has fewer left). Windows walk each table once,
 * so a whole sync is linear in the rows compared: a LIMIT on the differences alone would scan the
 * rows already in line again on every call (quadratic: minutes for a backfill of 100,000 links).
 */
function nextWindow(conn: SqliteConnection, workspaceId: string | null, after: string): Window {
  const ends: string[] = [];
  for (const [table, alias] of [
    ['link_tags', 't'],
    ['click_tag_links', 'c'],
  ] as const) {
    const ws = workspaceId === null ? '' : ` AND ${alias}.workspace_id = @ws`;
    const r = conn
      .stmt(
        `SELECT count(*) AS k, max(link_id) AS m FROM (SELECT ${alias}.link_id FROM ${table} ${alias} WHERE ${alias}.link_id > @after${ws} ORDER BY ${alias}.link_id LIMIT @n)`,
      )
      .get({ after, n: WINDOW_ROWS, ...(workspaceId === null ? {} : { ws: workspaceId }) }) as Row;
    if (Number(r.k) === WINDOW_ROWS) ends.push(String(r.m));
  }
  return { after, upto: ends.length === 0 ? null : ends.sort()[0]! };
}

/** What one sync step did: link-tag pairs moved, and where the next step starts (null: done). */
export interface SyncStep {
  moved: number;
  next: string | null;
}

/**
 * One step of bringing the record and the tag sheets in line with `link_tags`, in one transaction:
 * each link that gained (lost) a tag has its sheets added to (taken out of) that tag's sheets, so
 * past clicks follow the current tags. Scoped to links or tags: up to SYNC_ROWS differences (call
 * again while it moves some). Whole (a workspace or every one): one window of link ids after
 * `after`. An interrupted sync starts again and finds only what is left.
 */
export function syncTagSheets(conn: SqliteConnection, workspaceId: string | null, only?: TagSyncScope, after = ''): SyncStep {
  return conn.tx(() => {
    const window = only ? undefined : nextWindow(conn, workspaceId, after);
    const next = window ? window.upto : null;
    const changes = differences(conn, workspaceId, SYNC_ROWS, only, window);
    if (changes.length === 0) return { moved: 0, next };
    const byLink = new Map<string, Change[]>();
    for (const c of changes) byLink.set(c.linkId, [...(byLink.get(c.linkId) ?? []), c]);
    const out = new TagDeltas();
    const insert = conn.stmt('INSERT OR IGNORE INTO click_tag_links (workspace_id, tag, link_id) VALUES (?, ?, ?)');
    const remove = conn.stmt('DELETE FROM click_tag_links WHERE workspace_id = ? AND tag = ? AND link_id = ?');
    for (const [linkId, list] of byLink) {
      const sheets = linkSheets(conn, list[0]!.workspaceId, linkId);
      for (const c of list) {
        for (const s of sheets) out.add(c.tag, s, linkId, c.sign);
        (c.sign === 1 ? insert : remove).run(c.workspaceId, c.tag, linkId);
      }
    }
    for (const t of out.sheets.values()) applyDelta(conn, t);
    return { moved: changes.length, next: window ? next : '' };
  });
}
