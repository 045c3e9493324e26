import type { Row, SqliteConnection } from '../sqlite/connection.js';
import type { TagSyncScope } from './repository.js';
import { applyDelta } from './sqlite-sheets.js';
import { advance, firstGroup, movesIn, startMoves, TAG_SHEET_COST } from './sqlite-tag-moves.js';
import { TagDeltas } from './tag-sheets.js';

/**
 * The work of one transaction of a sync (docs/adr/0103), in link sheets read plus TAG_SHEET_COST
 * per tag sheet read, added to and written, whatever the links' histories (a busy link has about
 * 380 sheets a year): moving one link, 4 periods per transaction; 20 links, one.
 */
export const SYNC_COST = 24;
/** Link-tag differences looked up per step of a scoped sync. */
const SYNC_ROWS = 20;
/** Pairs moved on together at most: a step can always pay for one period of a group (a link sheet each, and the tag sheet). */
const GROUP_MAX = SYNC_COST - TAG_SHEET_COST;
/** Link ids per window of a whole sync (most windows hold no difference). */
const WINDOW_ROWS = 500;

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

/** What one sync step did: link-tag pairs whose move ended, link sheets moved, its cost, and where the next step starts (null: done). */
export interface SyncStep {
  moved: number;
  sheets: number;
  cost: number;
  next: string | null;
}

/**
 * One step of bringing the record and the tag sheets in line with `link_tags`, in one transaction
 * of about SYNC_COST (link sheets read, plus TAG_SHEET_COST per tag sheet written): each link
 * that gained (lost) a tag has its sheets added to (taken out of) that tag's sheets, period by
 * period, so past clicks follow the current tags. First the moves in progress within the scope
 * (left by an earlier step, or by a crash), then new differences: scoped to links or tags, up to
 * SYNC_ROWS of them (call again while it says `next`); whole (a workspace or every one), one window
 * of link ids after `after`, taken again while its moves are not done. An interrupted sync resumes
 * from the moves it recorded.
 */
export function syncTagSheets(conn: SqliteConnection, workspaceId: string | null, only?: TagSyncScope, after = ''): SyncStep {
  return conn.tx(() => {
    const out = new TagDeltas();
    let budget = SYNC_COST;
    let moved = 0;
    let sheets = 0;
    /** Move groups on while the budget lasts; false when it ran out with moves left. */
    const drain = (): boolean => {
      for (let group = firstGroup(movesIn(conn, workspaceId, only, 200), GROUP_MAX); group.length > 0; ) {
        const r = advance(conn, group, budget, out);
        if (r.full) return false;
        budget -= r.cost;
        sheets += r.sheets;
        moved += r.ended;
        group = firstGroup(movesIn(conn, workspaceId, only, 200), GROUP_MAX);
      }
      return true;
    };
    const end = (next: string | null): SyncStep => {
      for (const t of out.sheets.values()) applyDelta(conn, t);
      return { moved, sheets, cost: SYNC_COST - budget, next };
    };
    // Moves in progress first: none is left in the scope when the differences are looked up.
    if (!drain()) return end(only ? '' : after);
    const window = only ? undefined : nextWindow(conn, workspaceId, after);
    const changes = differences(conn, workspaceId, SYNC_ROWS, only, window);
    startMoves(conn, changes);
    if (!drain()) return end(only ? '' : after);
    if (window) return end(window.upto);
    return end(changes.length === 0 ? null : '');
  });
}
