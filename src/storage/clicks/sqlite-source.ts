import type { Row } from '../sqlite/connection.js';
import { evaluate } from './engine/evaluate.js';
import { collectEvents } from './engine/events.js';
import type { ClickSource, ComboSet, Counts, OpenHour, OpenRequest, Sheet, SheetRequest, SheetSum } from './engine/source.js';
import { type ClickAnswer, type ClickQuery, type ClickTotals, type EventPage, type EventQuery, StoreCursorError } from './repository.js';
import { type CountedIds, countedIds, sumCounted, sumParsed } from './sqlite-count-sums.js';
import { eventFetcher } from './sqlite-event-reads.js';
import { OPEN_HOURS } from './sqlite-open-hours.js';
import { pendingOf, withPending } from './sqlite-pending-sheets.js';
import { ComboDictionary, sheetOfRow, X_COLUMNS } from './sqlite-sheets.js';
import { clickTotals, type TotalsConnection } from './sqlite-totals.js';

const CURSOR = /^(\d{1,15})\.(\d{1,15})$/;

/** The SELECT of the sheets a request names, with these columns besides key and period. */
function sheetSelect(r: SheetRequest, cols: string): { sql: string; params: Record<string, unknown> } {
  const params: Record<string, unknown> = { ws: r.workspaceId, grain: r.grain, from: r.from, to: r.to };
  let sql: string;
  if (r.kind === 'domain') {
    sql = `SELECT domain AS key, period, ${cols} FROM click_domain_sheets WHERE workspace_id = @ws AND grain = @grain AND period >= @from AND period < @to`;
    if (r.keys) sql += ' AND domain IN (SELECT value FROM json_each(@keys))';
  } else if (r.kind === 'tag') {
    sql = `SELECT tag AS key, period, ${cols} FROM click_tag_sheets WHERE workspace_id = @ws AND tag IN (SELECT value FROM json_each(@keys)) AND grain = @grain AND period >= @from AND period < @to`;
    params.keys = JSON.stringify(r.keys ?? []);
  } else if (r.keys) {
    sql = `SELECT link_id AS key, period, ${cols} FROM click_link_sheets WHERE link_id IN (SELECT value FROM json_each(@keys)) AND grain = @grain AND period >= @from AND period < @to AND +workspace_id = @ws`;
  } else {
    sql = `SELECT link_id AS key, period, ${cols} FROM click_link_sheets WHERE workspace_id = @ws AND grain = @grain AND period >= @from AND period < @to`;
  }
  if (r.keys) params.keys = JSON.stringify(r.keys);
  return { sql, params };
}

/**
 * The reads of the clicks repository on one connection: the main one (`:memory:`), or a reader
 * thread's read-only one (sqlite-readers.ts). Each read runs in one transaction, so it sees the
 * sheets and open hours of one moment (a closing moves counts from one to the other atomically).
 */
export class SqliteClickReads implements ClickSource {
  private readonly dict: ComboDictionary;
  /** The lookup table of each counted set met (one per read). */
  private readonly counted = new WeakMap<ComboSet, CountedIds>();

  /** `snapshots`: each read in a transaction of its own (a reader thread's connection, used by one read at a time). */
  constructor(
    private readonly conn: TotalsConnection,
    private readonly snapshots = false,
  ) {
    this.dict = new ComboDictionary(conn);
  }

  sheets(r: SheetRequest): Sheet[] {
    const wanted = r.fields.filter((f) => r.kind !== 'link' || f !== 'l');
    const cols = ['tot', 'bots', ...wanted.flatMap((f) => (f === 'x' ? (r.xHours ?? X_COLUMNS.map((_, h) => h)).map((h) => `x${h}`) : [f]))].join(', ');
    const { sql, params } = sheetSelect(r, cols);
    // Domain and tag sheets plus the closing's parts not folded into them yet (docs/adr/0179).
    return withPending((this.conn.stmt(sql).all(params) as Row[]).map(sheetOfRow), pendingOf(this.conn, r), r);
  }

  allCombos(workspaceId: string, max: number): Map<string, string> | null {
    const rows = this.conn.stmt('SELECT id, key FROM click_combos WHERE workspace_id = ? LIMIT ?').all(workspaceId, max + 1) as Row[];
    return rows.length > max ? null : new Map(rows.map((r) => [String(r.id), String(r.key)]));
  }

  /**
   * Each sheet's counts by combination summed over the counted ones (docs/adr/0102): the count maps'
   * text is scanned once, not parsed into objects (SQLite's own JSON functions measured slower still).
   */
  comboSums(r: SheetRequest, set: ComboSet): SheetSum[] {
    let ids = this.counted.get(set);
    if (!ids) {
      ids = countedIds(set);
      this.counted.set(set, ids);
    }
    const { sql, params } = sheetSelect(r, 'c');
    const out: SheetSum[] = [];
    for (const row of this.conn.stmt(sql).all(params) as Row[]) {
      const text = typeof row.c === 'string' ? row.c : '{}';
      const [people, bots] = sumCounted(text, ids) ?? sumParsed(JSON.parse(text) as Counts, ids);
      out.push({ key: String(row.key), period: Number(row.period), people, bots });
    }
    for (const p of pendingOf(this.conn, { ...r, fields: ['c'] })) {
      const [people, bots] = sumParsed(p.c ?? {}, ids);
      out.push({ key: p.key, period: p.period, people, bots });
    }
    return out;
  }

  open(r: OpenRequest): OpenHour[] {
    const params: Record<string, unknown> = { ws: r.workspaceId, from: r.from, to: r.to };
    let sql = 'SELECT link_id, hour, clicks, bots, c FROM click_open WHERE workspace_id = @ws AND hour >= @from AND hour < @to';
    if (r.linkIds) {
      // By key in each of the workspace's open hours (few), not along all its open rows.
      sql = `${OPEN_HOURS} SELECT link_id, hour, clicks, bots, c FROM click_open
        WHERE workspace_id = @ws AND hour IN (SELECT h FROM hrs) AND link_id IN (SELECT value FROM json_each(@links))`;
      params.links = JSON.stringify(r.linkIds);
    }
    return (this.conn.stmt(sql).all(params) as Row[]).map((o) => ({
      linkId: String(o.link_id),
      hour: Number(o.hour),
      clicks: Number(o.clicks),
      bots: Number(o.bots),
      c: JSON.parse(String(o.c)) as Counts,
    }));
  }

  /** The record's links of a tag; null while a link's sheets are being moved into or out of its sheets (docs/adr/0103). */
  tagLinks(workspaceId: string, tag: string): string[] | null {
    if (this.conn.stmt('SELECT 1 FROM click_tag_moves WHERE workspace_id = ? AND tag = ? LIMIT 1').get(workspaceId, tag) !== undefined) return null;
    return (this.conn.stmt('SELECT link_id FROM click_tag_links WHERE workspace_id = ? AND tag = ?').all(workspaceId, tag) as Row[]).map((r) =>
      String(r.link_id),
    );
  }

  combos(workspaceId: string, ids: readonly string[]): Map<string, string> {
    return this.dict.lookup(workspaceId, ids);
  }

  /** The closed and open counts of one moment (sqlite-totals.ts). */
  totals(workspaceId: string, linkIds: readonly string[]): Map<string, ClickTotals> {
    return clickTotals(this.conn, workspaceId, linkIds);
  }

  /** A read in one transaction (evaluate only awaits values that are already there). */
  async query(q: ClickQuery): Promise<ClickAnswer> {
    return this.snapshot(() => evaluate(this, q));
  }

  async events(q: EventQuery): Promise<EventPage> {
    let after: string | null = null;
    if (q.after) {
      if (!CURSOR.test(q.after)) throw new StoreCursorError('unreadable cursor');
      after = q.after;
    }
    return this.snapshot(() => collectEvents({ ...q, after }, eventFetcher(this.conn, q), (ids) => this.dict.lookup(q.workspaceId, ids), q.limit + 1));
  }

  private async snapshot<T>(fn: () => Promise<T>): Promise<T> {
    if (!this.snapshots) return fn();
    // A deferred transaction: its first read fixes the snapshot (WAL), no lock is held against writers.
    this.conn.stmt('BEGIN').run();
    try {
      return await fn();
    } finally {
      this.conn.stmt('COMMIT').run();
    }
  }
}
