import type { Row, SqliteConnection } from '../sqlite/connection.js';
import type { Counts } from './engine/source.js';
import { holdable, OpenRowTable } from './open-row-table.js';
import type { OpenCell } from './sheets.js';
import { ALL_HOURS, OPEN_HOURS } from './sqlite-open-hours.js';

/**
 * Open link-hours the writer remembers: an hour of clicks of 100,000 links, in typed arrays (about
 * 90 bytes a row of one combination, some 9 MB at most, in the writer thread; docs/adr/0204).
 */
const REMEMBERED = 100_000;

/** The `c` column's JSON (an object of counts by combination id) of the id and count pairs from `from` on. */
export function countsJson(pairs: readonly number[], from = 0): string {
  let out = '{';
  for (let i = from; i < pairs.length; i += 2) out += `${i > from ? ',' : ''}"${pairs[i]}":${pairs[i + 1]}`;
  return `${out}}`;
}

const PAIR = /"(\d+)":(\d+)/g;

/** Id and count pairs of a `c` column's JSON. */
function pairsOf(json: string): number[] {
  const out: number[] = [];
  for (const m of json.matchAll(PAIR)) out.push(Number(m[1]), Number(m[2]));
  return out;
}

/**
 * The writer's side of `click_open` (docs/adr/0092, "Open hours on SQLite"). This process is the only
 * one writing the open rows, so the writer keeps the counts of the rows it wrote (bounded, a random
 * one forgotten when full) and an update writes the summed counts by key: no read, no JSON merge in
 * SQL. A row it does not remember is inserted when new; when it exists (written before a restart,
 * or forgotten) it is merged in SQL as before and its counts taken from the statement's RETURNING. The caller
 * calls `forgetAll` when a transaction that added fails (its rows rolled back).
 */
export class OpenRows {
  private readonly known = new OpenRowTable(REMEMBERED);
  private readonly insert;
  private readonly merge;
  private readonly update;
  private readonly drop;

  constructor(private readonly conn: SqliteConnection) {
    this.insert = conn.stmt('INSERT INTO click_open (workspace_id, hour, link_id, clicks, bots, c) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING');
    this.merge = conn.stmt(
      `UPDATE click_open SET clicks = clicks + ?, bots = bots + ?, c = lsk_add_counts(c, ?)
       WHERE workspace_id = ? AND hour = ? AND link_id = ? RETURNING clicks, bots, c`,
    );
    this.update = conn.stmt('UPDATE click_open SET clicks = ?, bots = ?, c = ? WHERE workspace_id = ? AND hour = ? AND link_id = ?');
    this.drop = conn.stmt('DELETE FROM click_open WHERE workspace_id = ? AND hour = ? AND link_id = ?');
  }

  /** Add a link-hour's counts (combination id and count pairs) to its open row, inside the caller's transaction. */
  add(ws: string, hour: number, link: string, clicks: number, bots: number, pairs: number[]): void {
    const { known } = this;
    const r = known.find(ws, hour, link);
    if (r < 0) {
      const json = countsJson(pairs);
      if (this.insert.run(ws, hour, link, clicks, bots, json).changes === 1) {
        if (holdable(link)) known.put(ws, hour, link, clicks, bots, pairs);
        return;
      }
      // A row it does not remember (written before a restart, or forgotten): merged in SQL as before, and remembered.
      const m = this.merge.get(clicks, bots, json, ws, hour, link) as Row;
      if (holdable(link)) known.put(ws, hour, link, Number(m.clicks), Number(m.bots), pairsOf(String(m.c)));
      return;
    }
    known.add(r, clicks, bots, pairs);
    this.update.run(known.clicks[r], known.bots[r], known.countsJson(r), ws, hour, link);
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
      this.known.delete(c.workspaceId, c.hour, c.linkId);
    }
  }

  /** A deleted link's open rows: looked up by key in each of its workspace's open hours. */
  forgetLink(ws: string, link: string): void {
    const hours = this.conn.stmt(`${OPEN_HOURS} SELECT h FROM hrs WHERE h IS NOT NULL`).all({ ws, ...ALL_HOURS }) as Row[];
    for (const { h } of hours) {
      this.drop.run(ws, Number(h), link);
      this.known.delete(ws, Number(h), link);
    }
  }

  /** Forget every remembered row (after a failed transaction: the next update of each reads it again). */
  forgetAll(): void {
    this.known.clear();
  }
}
