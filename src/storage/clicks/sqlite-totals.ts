import type Database from 'better-sqlite3';
import type { Row } from '../sqlite/connection.js';
import type { ClickTotals } from './repository.js';

/** What the totals read needs of a connection: its statement cache and whether a transaction is open. */
export interface TotalsConnection {
  stmt(sql: string): Database.Statement;
  readonly db: Pick<Database.Database, 'inTransaction'>;
}

/**
 * Driven from the ids (CROSS JOIN keeps json_each the outer loop): one key seek per id, without the
 * temporary index `link_id IN (SELECT value FROM json_each(?))` builds of the ids first, which cost
 * a page of 20 about a third more (docs/adr/0235). An id given twice would come back twice, with
 * the same counts: the rows go into a map by id.
 */
const CLOSED = `SELECT c.link_id, c.clicks, c.bots FROM json_each(?) AS j CROSS JOIN click_totals AS c
  WHERE c.link_id = j.value AND +c.workspace_id = ?`;
const NEXT_HOUR = 'SELECT hour FROM click_open WHERE workspace_id = ? AND hour > ? ORDER BY hour LIMIT 1';
const OPEN = `SELECT link_id, sum(clicks) AS clicks, sum(bots) AS bots FROM click_open
  WHERE workspace_id = @ws AND hour IN (SELECT value FROM json_each(@hours)) AND link_id IN (SELECT value FROM json_each(@ids)) GROUP BY link_id`;

/**
 * The hours a workspace has open click rows in, one key seek each: they are few (the current hour
 * and the one before, until the closing moves them), and `click_open` is keyed by (workspace, hour, link).
 */
function openHours(conn: TotalsConnection, workspaceId: string): number[] {
  const next = conn.stmt(NEXT_HOUR);
  const hours: number[] = [];
  for (let r = next.get(workspaceId, Number.MIN_SAFE_INTEGER) as Row | undefined; r; r = next.get(workspaceId, r.hour) as Row | undefined) {
    hours.push(Number(r.hour));
  }
  return hours;
}

/**
 * The links' all-time click totals: the closed counts (`click_totals`) plus the open hours' rows of
 * these links, in one read transaction, so both are of one moment (a closing moves counts from one
 * to the other in one transaction of the writer's). Links without clicks are absent. Without open
 * hours (no clicks since the last closing) this is two key seeks and one small statement: the
 * single statement it replaces (a recursive CTE of the open hours, a union, a GROUP BY) cost four
 * times as much on a page of 20 links.
 */
export function clickTotals(conn: TotalsConnection, workspaceId: string, linkIds: readonly string[]): Map<string, ClickTotals> {
  const out = new Map<string, ClickTotals>();
  if (linkIds.length === 0) return out;
  const ids = JSON.stringify(linkIds);
  const read = () => {
    for (const r of conn.stmt(CLOSED).all(ids, workspaceId) as Row[]) out.set(String(r.link_id), { clicks: Number(r.clicks), bots: Number(r.bots) });
    const hours = openHours(conn, workspaceId);
    if (hours.length === 0) return;
    for (const r of conn.stmt(OPEN).all({ ws: workspaceId, hours: JSON.stringify(hours), ids }) as Row[]) {
      const id = String(r.link_id);
      const closed = out.get(id);
      out.set(id, { clicks: (closed?.clicks ?? 0) + Number(r.clicks), bots: (closed?.bots ?? 0) + Number(r.bots) });
    }
  };
  if (conn.db.inTransaction) read();
  else {
    // A deferred transaction: its first read fixes the snapshot (WAL); no lock is held against writers.
    conn.stmt('BEGIN').run();
    try {
      read();
    } finally {
      conn.stmt('COMMIT').run();
    }
  }
  return out;
}
