import { DAY_MS } from '../../domain/clock.js';
import type { Row, SqliteConnection } from '../sqlite/connection.js';
import type { EventRow } from './engine/events.js';
import { type EventQuery, HOUR_MS } from './repository.js';
import { OPEN_HOURS } from './sqlite-open-hours.js';

const CURSOR = /^(\d{1,15})\.(\d{1,15})$/;
/**
 * Up to this many links, a link-scoped read looks up the hours they have clicks in first; more
 * (a large tag) read their workspace's events as they come, which such a scope fills pages from
 * soon enough.
 */
const NARROW_LINKS = 200;

type Stmt = Pick<SqliteConnection, 'stmt'>;

/**
 * The hours, newest first, in which these links have people's clicks within [from, to): from their
 * day sheets' hourly counts (`hc`) and their open rows. Events are people's clicks, logged with the
 * same hour as their counts, so no event of theirs falls outside these hours (an event written in a
 * flush part before its link-hour's row, a few milliseconds, is the exception).
 */
function linkHours(conn: Stmt, ws: string, links: string, from: number, to: number): number[] {
  const hours = new Set<number>();
  const days = conn
    .stmt(
      `SELECT period, hc FROM click_link_sheets WHERE link_id IN (SELECT value FROM json_each(@links)) AND grain = 'day' AND period >= @from AND period < @to AND +workspace_id = @ws`,
    )
    .all({ links, ws, from: from - (from % DAY_MS), to }) as Row[];
  for (const d of days) {
    const hc = JSON.parse(typeof d.hc === 'string' ? d.hc : '{}') as Record<string, number>;
    for (const h in hc) if (hc[h]! > 0) hours.add(Number(d.period) + Number(h) * HOUR_MS);
  }
  const open = conn
    .stmt(
      `${OPEN_HOURS} SELECT hour FROM click_open WHERE workspace_id = @ws AND hour IN (SELECT h FROM hrs) AND link_id IN (SELECT value FROM json_each(@links)) AND clicks > 0`,
    )
    .all({ ws, links, from: from - (from % HOUR_MS), to }) as Row[];
  for (const o of open) hours.add(Number(o.hour));
  return [...hours].filter((h) => h + HOUR_MS > from && h < to).sort((a, b) => b - a);
}

/** Consecutive hours (newest first) joined into ranges [start, end). */
function ranges(hours: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const h of hours) {
    const last = out[out.length - 1];
    if (last && last[0] === h + HOUR_MS) last[0] = h;
    else out.push([h, h + HOUR_MS]);
  }
  return out;
}

/**
 * How one read of the event log fetches rows (sqlite-source.ts hands it to the engine's
 * `collectEvents`), in the caller's transaction. `click_events` is ordered by (workspace, at, id)
 * and has no index by link (migration 18): a workspace's page reads its range from the cursor back;
 * a page of a few links reads that range only in the hours the links have clicks in, so a quiet
 * link of a busy workspace reads its own events and those of others in the same hours, not the
 * workspace's whole window. Links deleted and not yet purged (`click_events_forgotten`) are left out.
 */
export function eventFetcher(conn: Stmt, q: EventQuery): (after: string | null, n: number) => EventRow[] {
  const gone = conn.stmt('SELECT link_id FROM click_events_forgotten WHERE workspace_id = ?').pluck().all(q.workspaceId) as string[];
  const out = [...(q.excludeLinkIds ?? []), ...gone];
  const params: Record<string, unknown> = { ws: q.workspaceId };
  // One upper bound, (at, id) below both the span's end and the cursor: given `at < @hi` beside the
  // cursor's, SQLite took the cursor's as the range's end and walked from there to the span.
  let where = 'workspace_id = @ws AND at >= @lo AND (at, id) < (@at, @id)';
  if (q.linkIds) {
    where += ' AND link_id IN (SELECT value FROM json_each(@links))';
    params.links = JSON.stringify(q.linkIds);
  }
  if (out.length > 0) {
    where += ' AND link_id NOT IN (SELECT value FROM json_each(@out))';
    params.out = JSON.stringify(out);
  }
  const select = conn.stmt(`SELECT id, at, link_id, combo FROM click_events WHERE ${where} ORDER BY at DESC, id DESC LIMIT @n`);
  const spans: [number, number][] =
    q.linkIds && q.linkIds.length <= NARROW_LINKS
      ? ranges(linkHours(conn, q.workspaceId, params.links as string, q.from, q.to)).map(([a, b]) => [Math.max(a, q.from), Math.min(b, q.to)])
      : [[q.from, q.to]];
  return (after, n) => {
    let at = Number.MAX_SAFE_INTEGER;
    let id = Number.MAX_SAFE_INTEGER;
    if (after) {
      const [, a, i] = CURSOR.exec(after)!;
      at = Number(a);
      id = Number(i);
    }
    const rows: Row[] = [];
    for (const [lo, hi] of spans) {
      if (rows.length === n) break;
      if (lo > at) continue;
      const end = hi <= at ? { at: hi, id: 0 } : { at, id };
      rows.push(...(select.all({ ...params, lo, ...end, n: n - rows.length }) as Row[]));
    }
    return rows.map((r) => ({ at: Number(r.at), pos: `${r.at}.${r.id}`, linkId: String(r.link_id), combo: String(r.combo) }));
  };
}
