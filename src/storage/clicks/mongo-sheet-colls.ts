import type { Collection, Filter } from 'mongodb';
import type { IndexDef, MongoConnection } from '../mongo/connection.js';
import type { Grain } from './engine/source.js';
import type { SheetDoc } from './mongo-docs.js';

/*
 * Sheets live in one collection per kind and grain (docs/adr/0188): a read touches only the
 * collection of the sheets it asks for. On MongoDB that changes nothing (its reads are index seeks);
 * on FerretDB 1.24, which reads a whole collection for every query (ADR 185), a lookup costs the size
 * of that collection instead of the size of every sheet of every kind. Documents and `_id`s are those
 * of the single collection of earlier versions (moved at start, mongo-sheet-split.ts).
 */

export type SheetKind = SheetDoc['k'];

export const SHEET_KINDS: readonly SheetKind[] = ['link', 'domain', 'tag'];
export const SHEET_GRAINS: readonly Grain[] = ['day', 'month'];

/** The collection of one kind and grain's sheets: `click_sheets_<kind>_<grain>`. */
export const sheetCollName = (kind: SheetKind, grain: Grain) => `click_sheets_${kind}_${grain}`;

/** Every sheet collection, with its kind and grain. */
export const SHEET_COLLS: readonly { kind: SheetKind; grain: Grain; name: string }[] = SHEET_KINDS.flatMap((kind) =>
  SHEET_GRAINS.map((grain) => ({ kind, grain, name: sheetCollName(kind, grain) })),
);

export function sheetColl(conn: MongoConnection, kind: SheetKind, grain: Grain): Collection<SheetDoc> {
  return conn.collection<SheetDoc>(sheetCollName(kind, grain));
}

/** The sheets of one kind, day and month alike, that match `filter` (a query per collection). */
export async function findSheets(conn: MongoConnection, kind: SheetKind, filter: Filter<SheetDoc>): Promise<SheetDoc[]> {
  const out: SheetDoc[] = [];
  for (const grain of SHEET_GRAINS) out.push(...(await conn.run(() => sheetColl(conn, kind, grain).find(filter).toArray())));
  return out;
}

/** Reads by workspace and period (a range, or every link's sheets) and by key (a link's, a deletion's). */
export const SHEET_INDEXES: IndexDef[] = SHEET_COLLS.flatMap(({ name }): IndexDef[] => [
  [name, { w: 1, p: 1 }, { name: `${name}_by_workspace` }],
  [name, { key: 1, p: 1 }, { name: `${name}_by_key` }],
]);

/** Items grouped by the collection their sheet lives in. */
export function byCollection<T>(items: Iterable<T>, place: (t: T) => { kind: SheetKind; grain: Grain }): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const t of items) {
    const { kind, grain } = place(t);
    const name = sheetCollName(kind, grain);
    const list = out.get(name);
    if (list) list.push(t);
    else out.set(name, [t]);
  }
  return out;
}
