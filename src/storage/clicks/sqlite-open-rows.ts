import { RandomEvictMap } from '../../domain/random-evict-map.js';
import type { Row, SqliteConnection } from '../sqlite/connection.js';
import type { Counts } from './engine/source.js';
import type { OpenCell } from './sheets.js';
import { ALL_HOURS, OPEN_HOURS } from './sqlite-open-hours.js';

/**
 * Open link-hours the writer remembers: an hour of clicks of 100,000 links (about 340 bytes each
 * measured, so some 34 MB at most, in the writer thread).
 */
const REMEMBERED = 100_000;

/**
 * An open row's counts; by combination as id and count pairs in a flat array: an object keyed by
 * numeric ids would get a backing store as long as the largest id (V8's elements), kilobytes a row.
 */
interface OpenTotals {
  clicks: number;
  bots: number;
  pairs: number[];
}

/** The `c` column's JSON (an object of counts by combination id) of id and count pairs. */
export function countsJson(pairs: readonly number[]): string {
  let out = '{';
  for (let i = 0; i < pairs.length; i += 2) out += `${i ? ',' : ''}"${pairs[i]}":${pairs[i + 1]}`;
  return `${out}}`;
}

const PAIR = /"(\d+)":(\d+)/g;

/** Id and count pairs of a `c` column's JSON. */
function pairsOf(json: string): number[] {
  const out: number[] = [];
  for (const m of json.matchAll(PAIR)) out.push(Number(m[1]), Number(m[2]));
  return out;
}

const keyOf = (ws: string, hour: number, link: string) => `${ws}\n${hour}\n${link}`;

/**
 * The writer's side of `click_open` (docs/adr/0092, "Open hours on SQLite"). This process is the only
 * one writing the open rows, so the writer keeps the counts of the rows it wrote (bounded, a random
 * one forgotten when full) and an update writes the summed counts by key: no read, no JSON merge in
 * SQL. A row it does not remember is inserted when new; when it exists (written before a restart,
 * or forgotten) it is merged in SQL as before and its counts taken from the statement's RETURNING. The caller
 * calls `forgetAll` when a transaction that added fails (its rows rolled back).
 */
export class OpenRows {
  private readonly known = new RandomEvictMap<OpenTotals>(REMEMBERED);
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
    const key = keyOf(ws, hour, link);
    const row = this.known.get(key);
    if (!row) {
      const json = countsJson(pairs);
      if (this.insert.run(ws, hour, link, clicks, bots, json).changes === 1) {
        this.known.set(key, { clicks, bots, pairs });
        return;
      }
      // A row it does not remember (written before a restart, or forgotten): merged in SQL as before, and remembered.
      const r = this.merge.get(clicks, bots, json, ws, hour, link) as Row;
      this.known.set(key, { clicks: Number(r.clicks), bots: Number(r.bots), pairs: pairsOf(String(r.c)) });
      return;
    }
    row.clicks += clicks;
    row.bots += bots;
    const held = row.pairs;
    for (let i = 0; i < pairs.length; i += 2) {
      let j = 0;
      while (j < held.length && held[j] !== pairs[i]) j += 2;
      if (j < held.length) held[j + 1]! += pairs[i + 1]!;
      else held.push(pairs[i]!, pairs[i + 1]!);
    }
    this.update.run(row.clicks, row.bots, countsJson(held), ws, hour, link);
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

  /** Forget every remembered row (after a failed transaction: the next update of each reads it again). */
  forgetAll(): void {
    this.known.clear();
  }
}
