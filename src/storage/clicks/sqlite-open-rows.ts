import { RandomEvictMap } from '../../domain/random-evict-map.js';
import type { Row, SqliteConnection } from '../sqlite/connection.js';
import type { Counts } from './engine/source.js';
import type { OpenCell } from './sheets.js';
import { ALL_HOURS, OPEN_HOURS } from './sqlite-open-hours.js';

/**
 * Open link-hours the writer remembers: the last hour or two of clicks of up to this many links
 * (a few hundred bytes each, so tens of MB at most, in the writer thread).
 */
const REMEMBERED = 100_000;

interface OpenTotals {
  clicks: number;
  bots: number;
  c: Counts;
}

const keyOf = (ws: string, hour: number, link: string) => `${ws}\n${hour}\n${link}`;

/**
 * The writer's side of `click_open` (docs/adr/0092, "Open hours on SQLite"). This process is the only
 * one writing the open rows, so the writer keeps the counts of the rows it wrote (bounded, a random
 * one forgotten when full) and an update writes the summed counts by key: no read, no JSON merge in
 * SQL. A row it does not remember (written before a restart, or forgotten) is read once. The caller
 * calls `forgetAll` when a transaction that added fails (its rows rolled back).
 */
export class OpenRows {
  private readonly known = new RandomEvictMap<OpenTotals>(REMEMBERED);
  private readonly insert;
  private readonly read;
  private readonly update;
  private readonly drop;

  constructor(private readonly conn: SqliteConnection) {
    this.insert = conn.stmt('INSERT INTO click_open (workspace_id, hour, link_id, clicks, bots, c) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING');
    this.read = conn.stmt('SELECT clicks, bots, c FROM click_open WHERE workspace_id = ? AND hour = ? AND link_id = ?');
    this.update = conn.stmt('UPDATE click_open SET clicks = ?, bots = ?, c = ? WHERE workspace_id = ? AND hour = ? AND link_id = ?');
    this.drop = conn.stmt('DELETE FROM click_open WHERE workspace_id = ? AND hour = ? AND link_id = ?');
  }

  /** Add a link-hour's counts (by combination id) to its open row, inside the caller's transaction. */
  add(ws: string, hour: number, link: string, clicks: number, bots: number, c: Counts): void {
    const key = keyOf(ws, hour, link);
    let row = this.known.get(key);
    if (!row) {
      if (this.insert.run(ws, hour, link, clicks, bots, JSON.stringify(c)).changes === 1) {
        this.known.set(key, { clicks, bots, c });
        return;
      }
      const r = this.read.get(ws, hour, link) as Row;
      row = { clicks: Number(r.clicks), bots: Number(r.bots), c: JSON.parse(String(r.c)) as Counts };
      this.known.set(key, row);
    }
    row.clicks += clicks;
    row.bots += bots;
    for (const id in c) row.c[id] = (row.c[id] ?? 0) + c[id]!;
    this.update.run(row.clicks, row.bots, JSON.stringify(row.c), ws, hour, link);
  }

  /**
   * Up to `max` open rows of hours before `before`, workspace by workspace from `ws` on (along the
   * key: one seek per workspace); `next` is the workspace to go on with (null: none left).
   */
  closable(before: number, max: number, ws: string | null): { cells: OpenCell[]; next: string | null } {
    const rows = this.conn.stmt('SELECT link_id, hour, clicks, bots, c FROM click_open WHERE workspace_id = ? AND hour < ? ORDER BY hour, link_id LIMIT ?');
    const nextWs = this.conn.stmt('SELECT workspace_id FROM click_open WHERE workspace_id > ? ORDER BY workspace_id LIMIT 1');
    const cells: OpenCell[] = [];
    let cur = ws;
    while (cur !== null && cells.length < max) {
      const want = max - cells.length;
      const got = rows.all(cur, before, want) as Row[];
      for (const r of got) {
        cells.push({
          linkId: String(r.link_id),
          workspaceId: cur,
          hour: Number(r.hour),
          clicks: Number(r.clicks),
          bots: Number(r.bots),
          c: JSON.parse(String(r.c)) as Counts,
        });
      }
      if (got.length < want) cur = ((nextWs.get(cur) as Row | undefined)?.workspace_id as string | undefined) ?? null;
    }
    return { cells, next: cur };
  }

  /** The first workspace with open rows (null: none). */
  firstWorkspace(): string | null {
    const r = this.conn.stmt('SELECT workspace_id FROM click_open ORDER BY workspace_id LIMIT 1').get() as Row | undefined;
    return r ? String(r.workspace_id) : null;
  }

  /** Delete these rows (closed into the sheets), inside the caller's transaction. */
  remove(cells: readonly OpenCell[]): void {
    for (const c of cells) {
      this.drop.run(c.workspaceId, c.hour, c.linkId);
      this.known.delete(keyOf(c.workspaceId, c.hour, c.linkId));
    }
  }

  /** A deleted link's open rows: looked up by key in each of its workspace's open hours. */
  forgetLink(ws: string, link: string): void {
    const hours = this.conn.stmt(`${OPEN_HOURS} SELECT h FROM hrs WHERE h IS NOT NULL`).all({ ws, ...ALL_HOURS }) as Row[];
    for (const { h } of hours) {
      this.drop.run(ws, Number(h), link);
      this.known.delete(keyOf(ws, Number(h), link));
    }
  }

  forgetWorkspace(ws: string): void {
    this.conn.stmt('DELETE FROM click_open WHERE workspace_id = ?').run(ws);
    this.known.clear();
  }

  /** Forget every remembered row (after a failed transaction: the next update of each reads it again). */
  forgetAll(): void {
    this.known.clear();
  }
}
