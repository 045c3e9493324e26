import type { Collection, Filter } from 'mongodb';
import type { IndexDef, MongoConnection } from '../mongo/connection.js';
import type { Grain } from './engine/source.js';
import type { SheetDoc } from './mongo-docs.js';

/*
 * Sheets live in one collection per kind, grain and UTC month (docs/adr/0188, 0239): a read touches
 * only the collections of the sheets it asks for. On MongoDB that changes nothing (its reads are index
 * seeks); on FerretDB 1.24, which reads a whole collection for every query, `_id` lookups included
 * (ADR 185), a query costs the size of that collection: one month's sheets of a kind and grain
 * instead of every one of the kind and grain.
 */

export type SheetKind = SheetDoc['k'];

export const SHEET_KINDS: readonly SheetKind[] = ['link', 'domain', 'tag'];
export const SHEET_GRAINS: readonly Grain[] = ['day', 'month'];

/** `YYYYMM` of the UTC month a period (ms) starts in. */
const monthTag = (p: number) => {
  const d = new Date(p);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** The collection of a sheet: `click_sheets_<kind>_<grain>_<YYYYMM>`, by the month of its period. */
export const sheetCollName = (kind: SheetKind, grain: Grain, period: number) => `click_sheets_${kind}_${grain}_${monthTag(period)}`;

/** One collection per kind and grain, as versions before docs/adr/0239 kept the sheets (moved at start). */
export const UNSPLIT_COLLS: readonly string[] = SHEET_KINDS.flatMap((kind) => SHEET_GRAINS.map((grain) => `click_sheets_${kind}_${grain}`));

const NAMED = /^click_sheets_(link|domain|tag)_(day|month)_\d{6}$/;

export interface SheetColl {
  kind: SheetKind;
  grain: Grain;
  name: string;
}

/** Every sheet collection there is (each month's written so far), in order of kind, grain and month. */
export async function sheetColls(conn: MongoConnection, kind?: SheetKind, grain?: Grain): Promise<SheetColl[]> {
  const listed = await conn.run(() => conn.db.listCollections({}, { nameOnly: true }).toArray());
  const out: SheetColl[] = [];
  for (const { name } of listed) {
    const m = NAMED.exec(name);
    if (!m) continue;
    const c: SheetColl = { kind: m[1] as SheetKind, grain: m[2] as Grain, name };
    if ((!kind || c.kind === kind) && (!grain || c.grain === grain)) out.push(c);
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : 1));
}

export function sheetColl(conn: MongoConnection, kind: SheetKind, grain: Grain, period: number): Collection<SheetDoc> {
  return conn.collection<SheetDoc>(sheetCollName(kind, grain, period));
}

/** The sheets of one kind, day and month alike, that match `filter` (a query per collection). */
export async function findSheets(conn: MongoConnection, kind: SheetKind, filter: Filter<SheetDoc>): Promise<SheetDoc[]> {
  const out: SheetDoc[] = [];
  for (const { name } of await sheetColls(conn, kind)) out.push(...(await conn.run(() => conn.collection<SheetDoc>(name).find(filter).toArray())));
  return out;
}

/** Reads by workspace and period (a range, or every link's sheets) and by key (a link's, a deletion's). */
export const sheetIndexesOf = (name: string): IndexDef[] => [
  [name, { w: 1, p: 1 }, { name: `${name}_by_workspace` }],
  [name, { key: 1, p: 1 }, { name: `${name}_by_key` }],
];

/** Collections whose indexes this process has made (per connection). */
const indexed = new WeakMap<MongoConnection, Set<string>>();

/** Make a sheet collection's indexes before its first write (once per process; a repeat changes nothing). */
export async function ensureSheetIndexes(conn: MongoConnection, name: string): Promise<void> {
  const done = indexed.get(conn) ?? new Set<string>();
  indexed.set(conn, done);
  if (done.has(name)) return;
  for (const [coll, key, options] of sheetIndexesOf(name)) await conn.run(() => conn.db.collection(coll).createIndex(key, options));
  done.add(name);
}

/** Items grouped by the collection their sheet lives in. */
export function byCollection<T>(items: Iterable<T>, place: (t: T) => { kind: SheetKind; grain: Grain; period: number }): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const t of items) {
    const { kind, grain, period } = place(t);
    const name = sheetCollName(kind, grain, period);
    const list = out.get(name);
    if (list) list.push(t);
    else out.set(name, [t]);
  }
  return out;
}
