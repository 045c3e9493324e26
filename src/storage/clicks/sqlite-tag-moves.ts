import type { Row, SqliteConnection } from '../sqlite/connection.js';
import type { TagSyncScope } from './repository.js';
import { type SheetPlace, sheetsOfLinks } from './sqlite-sheets.js';
import type { TagDeltas } from './tag-sheets.js';

/**
 * A link-tag pair whose link sheets move into (sign 1: the link gained the tag) or out of (-1: it
 * lost it) the tag's sheets a few periods per transaction (docs/adr/0103), in the order of
 * (grain, period); (grain, period) is the last period moved. Pairs started together move on
 * together (a group), so each tag sheet of a period is written once for all of them. The pair's record row
 * (`click_tag_links`) is inserted or deleted with the last sheet, so until then a read of the tag
 * does not use its sheets (tagLinks in sqlite-source.ts).
 */
export interface Move {
  workspaceId: string;
  tag: string;
  linkId: string;
  sign: 1 | -1;
  grain: string;
  period: number;
}

const upTo = (s: SheetPlace, m: SheetPlace) => s.grain < m.grain || (s.grain === m.grain && s.period <= m.period);

/**
 * The tags whose sheets count link sheet `s` of a link: the recorded tags (less those being moved
 * out that are past it), plus those being moved in that are past it. A closing adds to these, a
 * deleted link's sheet comes out of these.
 */
export function countingTags(recorded: readonly string[], moves: readonly Move[], s: SheetPlace): string[] {
  const out = new Set(recorded);
  for (const m of moves) {
    if (!upTo(s, m)) continue;
    if (m.sign === 1) out.add(m.tag);
    else out.delete(m.tag);
  }
  return [...out];
}

const moveOf = (r: Row): Move => ({
  workspaceId: String(r.workspace_id),
  tag: String(r.tag),
  linkId: String(r.link_id),
  sign: Number(r.sign) === 1 ? 1 : -1,
  grain: String(r.grain),
  period: Number(r.period),
});

/** The moves in progress of these links, by link. */
export function movesOf(conn: SqliteConnection, linkIds: readonly string[]): Map<string, Move[]> {
  const out = new Map<string, Move[]>();
  if (linkIds.length === 0) return out;
  const rows = conn.stmt('SELECT * FROM click_tag_moves WHERE link_id IN (SELECT value FROM json_each(?))').all(JSON.stringify(linkIds)) as Row[];
  for (const r of rows) {
    const m = moveOf(r);
    out.set(m.linkId, [...(out.get(m.linkId) ?? []), m]);
  }
  return out;
}

/** Moves in progress within a sync's scope (a workspace, or every one; only these links or tags), in the order of their groups, up to `limit`. */
export function movesIn(conn: SqliteConnection, workspaceId: string | null, only: TagSyncScope | undefined, limit: number): Move[] {
  const params: Record<string, unknown> = { n: limit };
  let where = '1';
  if (workspaceId !== null) {
    params.ws = workspaceId;
    where += ' AND workspace_id = @ws';
  }
  if (only?.links) {
    params.links = JSON.stringify(only.links);
    where += ' AND link_id IN (SELECT value FROM json_each(@links))';
  }
  if (only?.tags) {
    params.tags = JSON.stringify(only.tags);
    where += ' AND tag IN (SELECT value FROM json_each(@tags))';
  }
  const sql = `SELECT * FROM click_tag_moves WHERE ${where} ORDER BY workspace_id, tag, grain, period LIMIT @n`;
  return (conn.stmt(sql).all(params) as Row[]).map(moveOf);
}

/** The first group of `moves` (same workspace, tag and last sheet moved: they move on together), up to `max` pairs. */
export function firstGroup(moves: readonly Move[], max: number): Move[] {
  const [m] = moves;
  if (!m) return [];
  return moves.filter((o) => o.workspaceId === m.workspaceId && o.tag === m.tag && o.grain === m.grain && o.period === m.period).slice(0, max);
}

/** Start moving pairs (caller's transaction). */
export function startMoves(conn: SqliteConnection, pairs: readonly Pick<Move, 'workspaceId' | 'tag' | 'linkId' | 'sign'>[]): void {
  const insert = conn.stmt("INSERT INTO click_tag_moves (workspace_id, tag, link_id, sign, grain, period) VALUES (?, ?, ?, ?, '', -1)");
  for (const m of pairs) insert.run(m.workspaceId, m.tag, m.linkId, m.sign);
}

/** What a tag sheet written costs, counted in link sheets read (a tag sheet sums many links: a larger text). */
export const TAG_SHEET_COST = 4;

/** What advancing a group did: link sheets read, its cost, pairs ended, and whether the budget could not pay for one period. */
export interface Advance {
  sheets: number;
  cost: number;
  ended: number;
  full: boolean;
}

/**
 * Move a group's link sheets of the next periods into `out` (applied by the caller, in its
 * transaction), as many periods as `budget` allows (link sheets read, plus TAG_SHEET_COST per tag
 * sheet), each period's tag sheet once for the whole group. When the links have no sheets left,
 * the pairs end: their record rows go in or out with their moves'.
 */
export function advance(conn: SqliteConnection, group: readonly Move[], budget: number, out: TagDeltas): Advance {
  const [m] = group;
  if (!m) return { sheets: 0, cost: 0, ended: 0, full: false };
  const links = group.map((g) => g.linkId);
  const periods = Math.floor(budget / (links.length + TAG_SHEET_COST));
  const next = nextPeriods(conn, links, m, Math.max(1, periods));
  if (next.length > 0 && periods === 0) return { sheets: 0, cost: 0, ended: 0, full: true };
  let sheets = 0;
  if (next.length > 0) {
    const sign = new Map(group.map((g) => [g.linkId, g.sign]));
    const upto = next[next.length - 1]!;
    const rows = sheetsOfLinks(conn, m.workspaceId, links, m, upto);
    for (const s of rows) out.add(m.tag, s, s.key, sign.get(s.key) ?? 1);
    sheets = rows.length;
    if (next.length === periods) {
      const at = conn.stmt('UPDATE click_tag_moves SET grain = ?, period = ? WHERE workspace_id = ? AND tag = ? AND link_id = ?');
      for (const l of links) at.run(upto.grain, upto.period, m.workspaceId, m.tag, l);
      return { sheets, cost: sheets + next.length * TAG_SHEET_COST, ended: 0, full: false };
    }
  }
  const add = conn.stmt('INSERT OR IGNORE INTO click_tag_links (workspace_id, tag, link_id) VALUES (?, ?, ?)');
  const remove = conn.stmt('DELETE FROM click_tag_links WHERE workspace_id = ? AND tag = ? AND link_id = ?');
  const done = conn.stmt('DELETE FROM click_tag_moves WHERE workspace_id = ? AND tag = ? AND link_id = ?');
  for (const g of group) {
    (g.sign === 1 ? add : remove).run(g.workspaceId, g.tag, g.linkId);
    done.run(g.workspaceId, g.tag, g.linkId);
  }
  return { sheets, cost: sheets + next.length * TAG_SHEET_COST, ended: group.length, full: false };
}

/**
 * The next `limit` periods (grain, period) after `after` in which any of these links has a sheet:
 * each link's from its key (covering, a range), then the first `limit` of them all.
 */
function nextPeriods(conn: SqliteConnection, links: readonly string[], after: SheetPlace, limit: number): SheetPlace[] {
  const next = conn.stmt('SELECT grain, period FROM click_link_sheets WHERE link_id = ? AND (grain, period) > (?, ?) ORDER BY grain, period LIMIT ?');
  const all = new Map<string, SheetPlace>();
  for (const l of links) {
    for (const r of next.all(l, after.grain, after.period, limit) as Row[])
      all.set(`${r.grain}|${r.period}`, { grain: String(r.grain), period: Number(r.period) });
  }
  return [...all.values()].sort((a, b) => (a.grain < b.grain ? -1 : a.grain > b.grain ? 1 : a.period - b.period)).slice(0, limit);
}
