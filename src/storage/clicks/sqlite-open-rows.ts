import { RandomEvictMap } from '../../domain/random-evict-map.js';
import type { Row, SqliteConnection } from '../sqlite/connection.js';
import type { Counts } from './engine/source.js';
import type { OpenCell } from './sheets.js';
import { ALL_HOURS, OPEN_HOURS } from './sqlite-open-hours.js';

/**
 * Open link-hours the writer remembers: an hour of clicks of 100,000 links (about 230 bytes each
 * with one combination: the writer's live heap fell by 11 MB from 340 bytes a row; some 23 MB at
 * most, in the writer thread).
 */
const REMEMBERED = 100_000;

/**
 * An open row's counts in one array of numbers: clicks, bots, then its counts by combination as id
 * and count pairs. One array of numbers is stored unboxed (an object's number fields would each be a
 * boxed number here: the flush's numbers are doubles), and an object keyed by numeric ids would get a
 * backing store as long as the largest id (V8's elements), kilobytes a row.
 */
type OpenTotals = number[];
const CLICKS = 0;
const BOTS = 1;
const PAIRS = 2;

/** A row's counts in an array of exactly their length (a spread or pushes would leave spare slots in every row). */
function totals(clicks: number, bots: number, pairs: readonly number[]): OpenTotals {
  const row = new Array<number>(PAIRS + pairs.length);
  row[CLICKS] = clicks;
  row[BOTS] = bots;
  for (let i = 0; i < pairs.length; i++) row[PAIRS + i] = pairs[i]!;
  return row;
}

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
 * A row's key: joined into one flat string (a template literal would keep a tree of concatenated
 * strings alive as the map's key, about twice the bytes).
 */
const keyOf = (ws: string, hour: number, link: string) => [ws, hour, link].join('\n');

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
        this.known.set(key, totals(clicks, bots, pairs));
        return;
      }
      // A row it does not remember (written before a restart, or forgotten): merged in SQL as before, and remembered.
      const r = this.merge.get(clicks, bots, json, ws, hour, link) as Row;
      this.known.set(key, totals(Number(r.clicks), Number(r.bots), pairsOf(String(r.c))));
      return;
    }
    row[CLICKS]! += clicks;
    row[BOTS]! += bots;
    const held = row.length;
    for (let i = 0; i < pairs.length; i += 2) {
      let j = PAIRS;
      while (j < row.length && row[j] !== pairs[i]) j += 2;
      if (j < row.length) row[j + 1]! += pairs[i + 1]!;
      else row.push(pairs[i]!, pairs[i + 1]!);
    }
    // A new combination grew the array with spare slots: keep an exact copy.
    if (row.length !== held) this.known.set(key, row.slice());
    this.update.run(row[CLICKS], row[BOTS], countsJson(row, PAIRS), ws, hour, link);
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
