import type { Row, SqliteConnection } from '../sqlite/connection.js';
import {
  CLICK_DIMENSIONS,
  type ClickBatch,
  type ClickGrouping,
  type ClickScope,
  type ClicksRepository,
  type ClickTotals,
  type HourTotals,
  type KeyCount,
} from './repository.js';

/**
 * Rollups in the embedded store: `click_rollups` (link, dimension, hour, value) and `click_totals`
 * (link). One process writes them, so an upsert adding to a row is exact; a flush is one transaction.
 */
export class SqliteClicks implements ClicksRepository {
  /** Batches committed (a transaction either commits or throws, so only a repeat after success needs skipping). */
  private readonly recorded = new WeakSet<ClickBatch>();

  constructor(private readonly conn: SqliteConnection) {}

  async record(batch: ClickBatch): Promise<void> {
    if (batch.hours.length === 0 || this.recorded.has(batch)) return;
    const rollup = this.conn.stmt(
      `INSERT INTO click_rollups (link_id, dim, hour, value, workspace_id, n) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT DO UPDATE SET n = n + excluded.n`,
    );
    const totals = this.conn.stmt(
      `INSERT INTO click_totals (link_id, workspace_id, clicks, bots) VALUES (?, ?, ?, ?)
       ON CONFLICT DO UPDATE SET clicks = clicks + excluded.clicks, bots = bots + excluded.bots`,
    );
    this.conn.tx(() => {
      for (const h of batch.hours) {
        if (h.clicks > 0) rollup.run(h.linkId, 'clicks', h.hour, '', h.workspaceId, h.clicks);
        if (h.bots > 0) rollup.run(h.linkId, 'bots', h.hour, '', h.workspaceId, h.bots);
        for (const dim of CLICK_DIMENSIONS) {
          const values = h.dims[dim];
          if (values) for (const [value, n] of values) rollup.run(h.linkId, dim, h.hour, value, h.workspaceId, n);
        }
        totals.run(h.linkId, h.workspaceId, h.clicks, h.bots);
      }
    });
    this.recorded.add(batch);
  }

  async totals(linkIds: readonly string[]): Promise<Map<string, ClickTotals>> {
    const out = new Map<string, ClickTotals>();
    if (linkIds.length === 0) return out;
    const rows = this.conn
      .stmt('SELECT link_id, clicks, bots FROM click_totals WHERE link_id IN (SELECT value FROM json_each(?))')
      .all(JSON.stringify(linkIds)) as Row[];
    for (const r of rows) out.set(String(r.link_id), { clicks: Number(r.clicks), bots: Number(r.bots) });
    return out;
  }

  /** The WHERE clause of a scope (dimensions are added by the caller) and its parameters. */
  private scope(s: ClickScope): { where: string; params: Record<string, unknown> } {
    const params: Record<string, unknown> = { ws: s.workspaceId, from: s.from.getTime(), to: s.to.getTime() };
    let where = 'workspace_id = @ws AND hour >= @from AND hour < @to';
    if (s.linkIds) {
      where += ' AND link_id IN (SELECT value FROM json_each(@links))';
      params.links = JSON.stringify(s.linkIds);
    }
    return { where, params };
  }

  async summary(s: ClickScope): Promise<ClickTotals> {
    const { where, params } = this.scope(s);
    const rows = this.conn.stmt(`SELECT dim, sum(n) AS n FROM click_rollups WHERE ${where} AND dim IN ('clicks', 'bots') GROUP BY dim`).all(params) as Row[];
    const out = { clicks: 0, bots: 0 };
    for (const r of rows) out[r.dim as 'clicks' | 'bots'] = Number(r.n);
    return out;
  }

  async breakdown(s: ClickScope, by: ClickGrouping, limit = -1): Promise<KeyCount[]> {
    const { where, params } = this.scope(s);
    const key = by === 'link' ? 'link_id' : 'value';
    params.dim = by === 'link' ? 'clicks' : by;
    params.limit = limit;
    const rows = this.conn
      .stmt(`SELECT ${key} AS k, sum(n) AS n FROM click_rollups WHERE ${where} AND dim = @dim GROUP BY ${key} ORDER BY n DESC, k LIMIT @limit`)
      .all(params) as Row[];
    return rows.map((r) => ({ key: String(r.k), clicks: Number(r.n) }));
  }

  async hourly(s: ClickScope): Promise<HourTotals[]> {
    const { where, params } = this.scope(s);
    const rows = this.conn
      .stmt(
        `SELECT hour, sum(CASE dim WHEN 'clicks' THEN n ELSE 0 END) AS clicks, sum(CASE dim WHEN 'bots' THEN n ELSE 0 END) AS bots
         FROM click_rollups WHERE ${where} AND dim IN ('clicks', 'bots') GROUP BY hour ORDER BY hour`,
      )
      .all(params) as Row[];
    return rows.map((r) => ({ hour: new Date(Number(r.hour)), clicks: Number(r.clicks), bots: Number(r.bots) }));
  }

  async forget(workspaceId: string, linkId: string): Promise<void> {
    this.conn.tx(() => {
      this.conn.stmt('DELETE FROM click_rollups WHERE link_id = ? AND workspace_id = ?').run(linkId, workspaceId);
      this.conn.stmt('DELETE FROM click_totals WHERE link_id = ? AND workspace_id = ?').run(linkId, workspaceId);
    });
  }

  async maintain(): Promise<void> {}

  async release(): Promise<void> {}
}
