import { randomBytes } from 'node:crypto';
import type { Row, SqliteConnection } from '../sqlite/connection.js';
import type { ClickBatch, ClickGrouping, ClickScope, ClicksRepository, ClickTotals, HourTotals, KeyCount } from './repository.js';
import { type ClickWriterOps, clickWriter, encodeFlush } from './sqlite-rows.js';
import { SqliteClickWriter } from './sqlite-writer.js';

/**
 * Rollups in the embedded store (docs/adr/0016): open hours in `click_hours` (one row per link and
 * hour: a flush adds to one row per link), closed hours in `click_rollups` (one row per dimension
 * value) and `click_totals`; reads sum `click_rollups` and the `click_open_counts` view apart
 * (docs/adr/0091). One process writes them, so an upsert adding to a row is exact. A file database
 * is written by a worker thread (its own connection); `:memory:` exists only on this connection, so
 * there the same writes run inline.
 */
export class SqliteClicks implements ClicksRepository {
  private readonly writer: SqliteClickWriter | undefined;
  /** Prepared on first use (the tables exist once the migrations have run). */
  private inlineWriter: ClickWriterOps | undefined;
  private readonly name = `${process.pid}.${randomBytes(4).toString('hex')}`;
  private seq = 0;
  private lastClose = 0;

  constructor(private readonly conn: SqliteConnection) {
    if (conn.path !== ':memory:') this.writer = new SqliteClickWriter(conn.path);
  }

  async record(batch: ClickBatch): Promise<void> {
    if (batch.hours.length === 0) return;
    // A retried batch keeps its id: the chunks applied before are skipped (click_flushes).
    batch.stamp ??= { writer: this.name, seq: ++this.seq };
    const chunks = await encodeFlush(`${batch.stamp.writer}.${batch.stamp.seq}`, batch.hours);
    if (this.writer) await this.writer.flush(chunks);
    else this.inline().flush(chunks);
  }

  private inline(): ClickWriterOps {
    this.inlineWriter ??= clickWriter(this.conn);
    return this.inlineWriter;
  }

  async totals(linkIds: readonly string[]): Promise<Map<string, ClickTotals>> {
    const out = new Map<string, ClickTotals>();
    if (linkIds.length === 0) return out;
    const rows = this.conn
      .stmt(
        `SELECT link_id, sum(clicks) AS clicks, sum(bots) AS bots FROM (
           SELECT link_id, clicks, bots FROM click_totals WHERE link_id IN (SELECT value FROM json_each(@ids))
           UNION ALL SELECT link_id, clicks, bots FROM click_hours WHERE link_id IN (SELECT value FROM json_each(@ids))
         ) GROUP BY link_id`,
      )
      .all({ ids: JSON.stringify(linkIds) }) as Row[];
    for (const r of rows) out.set(String(r.link_id), { clicks: Number(r.clicks), bots: Number(r.bots) });
    return out;
  }

  /**
   * The WHERE clause of a scope (dimensions are added by the caller) and its parameters. Scoped to
   * links, the workspace term is kept out of index choice (`+`): each link's primary-key range is
   * read, not the whole workspace's index range (docs/adr/0091).
   */
  private scope(s: ClickScope): { where: string; params: Record<string, unknown> } {
    const params: Record<string, unknown> = { ws: s.workspaceId, from: s.from.getTime(), to: s.to.getTime() };
    let where = 'workspace_id = @ws AND hour >= @from AND hour < @to';
    if (s.linkIds) {
      where = `+${where} AND link_id IN (SELECT value FROM json_each(@links))`;
      params.links = JSON.stringify(s.linkIds);
    }
    return { where, params };
  }

  /**
   * `select` over the closed rollups and over the open hours, each aggregated by `group` on its own
   * (the closed arm reads the covering index in order; no row passes through a union unsummed).
   */
  private closedAndOpen(select: string, where: string, group: string): string {
    return `${select} FROM click_rollups WHERE ${where} GROUP BY ${group} UNION ALL ${select} FROM click_open_counts WHERE ${where} GROUP BY ${group}`;
  }

  async summary(s: ClickScope): Promise<ClickTotals> {
    const { where, params } = this.scope(s);
    const inner = this.closedAndOpen('SELECT dim, sum(n) AS n', `${where} AND dim IN ('clicks', 'bots')`, 'dim');
    const rows = this.conn.stmt(`SELECT dim, sum(n) AS n FROM (${inner}) GROUP BY dim`).all(params) as Row[];
    const out = { clicks: 0, bots: 0 };
    for (const r of rows) out[r.dim as 'clicks' | 'bots'] = Number(r.n);
    return out;
  }

  async breakdown(s: ClickScope, by: ClickGrouping, limit = -1): Promise<KeyCount[]> {
    const { where, params } = this.scope(s);
    const key = by === 'link' ? 'link_id' : 'value';
    params.dim = by === 'link' ? 'clicks' : by;
    params.limit = limit;
    const inner = this.closedAndOpen(`SELECT ${key} AS k, sum(n) AS n`, `${where} AND dim = @dim`, key);
    const rows = this.conn.stmt(`SELECT k, sum(n) AS n FROM (${inner}) GROUP BY k ORDER BY n DESC, k LIMIT @limit`).all(params) as Row[];
    return rows.map((r) => ({ key: String(r.k), clicks: Number(r.n) }));
  }

  /** Clicks and bots apart: with one dimension fixed, the index hands the rows over in hour order (no sort). */
  async hourly(s: ClickScope): Promise<HourTotals[]> {
    const { where, params } = this.scope(s);
    const arm = (dim: 'clicks' | 'bots') => this.closedAndOpen(`SELECT hour, sum(n) AS n, '${dim}' AS dim`, `${where} AND dim = '${dim}'`, 'hour');
    const rows = this.conn
      .stmt(
        `SELECT hour, sum(CASE dim WHEN 'clicks' THEN n ELSE 0 END) AS clicks, sum(CASE dim WHEN 'bots' THEN n ELSE 0 END) AS bots
         FROM (${arm('clicks')} UNION ALL ${arm('bots')}) GROUP BY hour ORDER BY hour`,
      )
      .all(params) as Row[];
    return rows.map((r) => ({ hour: new Date(Number(r.hour)), clicks: Number(r.clicks), bots: Number(r.bots) }));
  }

  async forget(workspaceId: string, linkId: string): Promise<void> {
    this.conn.tx(() => {
      this.conn.stmt('DELETE FROM click_hours WHERE link_id = ? AND workspace_id = ?').run(linkId, workspaceId);
      this.conn.stmt('DELETE FROM click_rollups WHERE link_id = ? AND workspace_id = ?').run(linkId, workspaceId);
      this.conn.stmt('DELETE FROM click_totals WHERE link_id = ? AND workspace_id = ?').run(linkId, workspaceId);
    });
  }

  /** Close the hours before the previous one (at most once a minute). */
  async maintain(): Promise<void> {
    const now = Date.now();
    if (now - this.lastClose < 60_000) return;
    this.lastClose = now;
    if (this.writer) await this.writer.closeHours(now);
    else this.inline().closeHours(now);
  }

  async release(): Promise<void> {}

  /** Stop the writer thread (the connection is closed by its owner). */
  async close(): Promise<void> {
    await this.writer?.close();
  }
}
