import { RandomEvictMap } from '../../domain/random-evict-map.js';
import type { Row, SqliteConnection } from '../sqlite/connection.js';
import { decodeCombo, SEP } from './combos.js';
import type { Counts, Grain, Sheet } from './engine/source.js';
import { addIntoSheet, type ComboFacts, mergeSheet, type SheetDelta } from './sheets.js';

/** JSON text of a count map (null for none). */
const text = (m: Counts | Record<string, Counts> | undefined) => (m === undefined ? null : JSON.stringify(m));
const parse = <T>(v: unknown): T | undefined => (typeof v === 'string' ? (JSON.parse(v) as T) : undefined);

/** A sheet row as the engine reads it. */
export function sheetOfRow(r: Row): Sheet {
  const s: Sheet = { key: String(r.key), period: Number(r.period), tot: Number(r.tot), bots: Number(r.bots) };
  for (const f of ['hc', 'hb', 'c', 'l'] as const) if (r[f] !== undefined) s[f] = parse<Counts>(r[f]) ?? {};
  for (let h = 0; h < 24; h++) {
    const v = r[`x${h}`];
    if (v === undefined) continue;
    s.x ??= {};
    if (v !== null) s.x[h] = parse<Counts>(v) ?? {};
  }
  return s;
}

/**
 * The combination dictionary of one connection: key -> id (interning, writer side) and id -> key,
 * each remembered up to a bound (a random one forgotten first: docs/adr/0096).
 */
export class ComboDictionary {
  private readonly ids: RandomEvictMap<number>;
  private readonly keys: RandomEvictMap<string>;

  constructor(
    private readonly conn: Pick<SqliteConnection, 'stmt'>,
    max = 200_000,
  ) {
    this.ids = new RandomEvictMap(max);
    this.keys = new RandomEvictMap(max);
  }

  /** The id of a combination of a workspace, interned when new (the writer's connection only). */
  intern(workspaceId: string, key: string): number {
    const k = `${workspaceId}${SEP}${key}`;
    let id = this.ids.get(k);
    if (id !== undefined) return id;
    this.conn.stmt('INSERT INTO click_combos (workspace_id, key) VALUES (?, ?) ON CONFLICT DO NOTHING').run(workspaceId, key);
    id = Number((this.conn.stmt('SELECT id FROM click_combos WHERE workspace_id = ? AND key = ?').get(workspaceId, key) as Row).id);
    this.ids.set(k, id);
    this.keys.set(`${workspaceId}${SEP}${id}`, key);
    return id;
  }

  /**
   * Keys of these ids (within the workspace; unknown ids are absent). Remembered by workspace and id:
   * a forgotten workspace's highest ids go to the next combinations, and a reader thread's dictionary
   * never hears of the forgetting.
   */
  lookup(workspaceId: string, ids: readonly string[]): Map<string, string> {
    const out = new Map<string, string>();
    const missing: string[] = [];
    for (const id of ids) {
      const k = this.keys.get(`${workspaceId}${SEP}${id}`);
      if (k === undefined) missing.push(id);
      else out.set(id, k);
    }
    for (let i = 0; i < missing.length; i += 5000) {
      const rows = this.conn
        .stmt('SELECT id, key FROM click_combos WHERE id IN (SELECT value FROM json_each(?)) AND workspace_id = ?')
        .all(JSON.stringify(missing.slice(i, i + 5000).map(Number)), workspaceId) as Row[];
      for (const r of rows) {
        out.set(String(r.id), String(r.key));
        this.keys.set(`${workspaceId}${SEP}${r.id}`, String(r.key));
      }
    }
    return out;
  }

  /** Domain and bot flag of each id (closing needs them). */
  facts(workspaceId: string, ids: Iterable<string>): Map<string, ComboFacts> {
    const out = new Map<string, ComboFacts>();
    for (const [id, key] of this.lookup(workspaceId, [...new Set(ids)])) {
      const c = decodeCombo(key);
      out.set(id, { domain: c.values.domain ?? '', bot: c.bot });
    }
    return out;
  }

  forgetAll(): void {
    this.ids.clear();
    this.keys.clear();
  }
}

const TABLE = { domain: 'click_domain_sheets', link: 'click_link_sheets', tag: 'click_tag_sheets' } as const;
/** The hour columns of day sheets: x0 ... x23. */
export const X_COLUMNS = Array.from({ length: 24 }, (_, h) => `x${h}`);
const KEY = { domain: 'domain', link: 'link_id', tag: 'tag' } as const;

/**
 * Read, add `sign` times the delta, write back (or delete a sheet left empty). Inside the caller's
 * transaction. Of a day sheet's hour columns only those the delta holds are read and written (a
 * closing's delta holds one or two hours of the day: docs/adr/0179). Returns the characters of
 * JSON written (what the step cost, roughly).
 */
export function applyDelta(conn: SqliteConnection, d: SheetDelta, sign = 1): number {
  const table = TABLE[d.kind];
  const key = KEY[d.kind];
  const where = `${key} = @key AND grain = @grain AND period = @period AND workspace_id = @ws`;
  const params = { key: d.key, grain: d.grain, period: d.period, ws: d.workspaceId };
  const hours = d.grain === 'day' ? Object.keys(d.x ?? {}).map(Number) : [];
  const xs = hours.map((h) => `x${h}`);
  const maps = ['hc', 'hb', 'c', ...(d.kind === 'link' ? [] : ['l'])];
  const row = conn.stmt(`SELECT ${key} AS key, period, tot, bots, ${[...maps, ...xs].join(', ')} FROM ${table} WHERE ${where}`).get(params) as Row | undefined;
  // A new sheet is the delta itself (nothing to add it to).
  let s: Sheet = d;
  if (row) {
    // The sheet just read is this call's own: added to in place.
    s = sheetOfRow(row);
    addIntoSheet(s, d, sign);
  } else if (sign !== 1) s = mergeSheet({ key: d.key, period: d.period, tot: 0, bots: 0 }, d, sign);
  const empty = s.tot === 0 && s.bots === 0 && Object.keys(s.c ?? {}).length === 0;
  if (empty) {
    if (row) conn.stmt(`DELETE FROM ${table} WHERE ${where}`).run(params);
    return 0;
  }
  const values: Record<string, unknown> = {
    ...params,
    tot: s.tot,
    bots: s.bots,
    hc: text(d.grain === 'day' ? (s.hc ?? {}) : undefined),
    hb: text(d.grain === 'day' ? (s.hb ?? {}) : undefined),
    c: text(s.c ?? {}),
    ...(d.kind === 'link' ? {} : { l: text(s.l ?? {}) }),
  };
  for (const h of hours) values[`x${h}`] = s.x?.[h] ? text(s.x[h]) : null;
  const written = [...maps, ...xs].reduce((n, c) => n + (typeof values[c] === 'string' ? (values[c] as string).length : 0), 0);
  if (row) {
    const set = ['tot', 'bots', ...maps, ...xs].map((c) => `${c} = @${c}`).join(', ');
    conn.stmt(`UPDATE ${table} SET ${set} WHERE ${where}`).run(values);
    return written;
  }
  const cols = ['workspace_id', 'grain', 'period', key, 'tot', 'bots', ...maps, ...xs];
  const named = ['ws', 'grain', 'period', 'key', 'tot', 'bots', ...maps, ...xs].map((c) => `@${c}`);
  conn.stmt(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${named.join(', ')})`).run(values);
  return written;
}

/**
 * A link's own sheets in the order of (grain, period), after `after` when given, the first `limit`
 * of them (-1: all), as deltas to move into or out of other sheets.
 */
export function linkSheets(
  conn: Pick<SqliteConnection, 'stmt'>,
  workspaceId: string,
  linkId: string,
  limit = -1,
  after: SheetPlace = { grain: '', period: -1 },
) {
  const rows = conn
    .stmt(
      `SELECT link_id AS key, grain, period, tot, bots, hc, hb, c, ${X_COLUMNS.join(', ')} FROM click_link_sheets
       WHERE link_id = ? AND +workspace_id = ? AND (grain, period) > (?, ?) ORDER BY grain, period LIMIT ?`,
    )
    .all(linkId, workspaceId, after.grain, after.period, limit) as Row[];
  return rows.map((r) => asDelta(r, workspaceId));
}

/** A sheet's place in the order of (grain, period). */
export interface SheetPlace {
  grain: string;
  period: number;
}

function asDelta(r: Row, workspaceId: string) {
  const s = sheetOfRow(r);
  // A month sheet has no hours.
  if (r.grain === 'month') delete s.x;
  return { ...s, grain: r.grain as Grain, workspaceId };
}

/** The sheets of these links of one workspace in the periods after `after` up to `upto` (inclusive), each link's a range of its key. */
export function sheetsOfLinks(conn: Pick<SqliteConnection, 'stmt'>, workspaceId: string, links: readonly string[], after: SheetPlace, upto: SheetPlace) {
  const range = conn.stmt(
    `SELECT link_id AS key, grain, period, tot, bots, hc, hb, c, ${X_COLUMNS.join(', ')} FROM click_link_sheets
     WHERE link_id = ? AND (grain, period) > (?, ?) AND (grain, period) <= (?, ?) AND +workspace_id = ?`,
  );
  return links.flatMap((l) => (range.all(l, after.grain, after.period, upto.grain, upto.period, workspaceId) as Row[]).map((r) => asDelta(r, workspaceId)));
}
