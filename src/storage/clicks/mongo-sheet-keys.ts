import type { MongoConnection } from '../mongo/connection.js';
import { insertOnce, SHEET_KEYS, type SheetDoc } from './mongo-docs.js';
import { sheetColls } from './mongo-sheet-colls.js';

/**
 * What sheets exist, so reads can name them by `_id` (docs/adr/0097): the writer slots that ever
 * wrote a sheet, and each workspace's domains with domain sheets. A read of a few sheets then looks
 * each one up by `_id` (FerretDB 1.24 answers every other query by reading the whole collection).
 * Entries are unique inserts made before the first sheet they announce, removed only with their
 * workspace (an entry without sheets costs a lookup that finds nothing).
 */
export interface SheetKeyDoc {
  _id: string;
  /** 'slot' (global) or 'domain' (one workspace's). */
  k: 'slot' | 'domain';
  s?: number;
  w?: string;
  key?: string;
}

const slotDoc = (s: number): SheetKeyDoc => ({ _id: `slot|${s}`, k: 'slot', s });
const domainDoc = (w: string, key: string): SheetKeyDoc => ({ _id: `domain|${w}|${key}`, k: 'domain', w, key });

/** Entries this process has written or seen (per connection). */
const known = new WeakMap<MongoConnection, Set<string>>();

/** Announce slot `s` and these workspaces' domains (before their sheets are written). */
export async function announceSheets(conn: MongoConnection, s: number, domains: Iterable<[string, string]>): Promise<void> {
  const seen = known.get(conn) ?? new Set<string>();
  known.set(conn, seen);
  const docs = [slotDoc(s), ...[...domains].map(([w, key]) => domainDoc(w, key))].filter((d) => !seen.has(d._id));
  if (docs.length === 0) return;
  const unique = [...new Map(docs.map((d) => [d._id, d])).values()];
  await conn.run(() => insertOnce(conn.collection<SheetKeyDoc>(SHEET_KEYS), unique));
  for (const d of unique) seen.add(d._id);
}

/** The slots that wrote sheets, and the workspace's domains with domain sheets. */
export async function sheetKeys(conn: MongoConnection, workspaceId: string): Promise<{ slots: number[]; domains: string[] }> {
  const coll = conn.collection<SheetKeyDoc>(SHEET_KEYS);
  const docs = await conn.run(() => coll.find({ $or: [{ k: 'slot' }, { k: 'domain', w: workspaceId }] }).toArray());
  return {
    slots: docs.filter((d) => d.k === 'slot').map((d) => d.s!),
    domains: docs.filter((d) => d.k === 'domain').map((d) => d.key!),
  };
}

/** Every writer slot that ever wrote a sheet. */
export async function sheetSlots(conn: MongoConnection): Promise<number[]> {
  const docs = await conn.run(() => conn.collection<SheetKeyDoc>(SHEET_KEYS).find({ k: 'slot' }).toArray());
  return docs.map((d) => d.s!).sort((a, b) => a - b);
}

const MARK = 'click_sheet_keys';

/** Announce the sheets written before this registry existed (once; restartable: unique inserts, then the mark). */
export async function announceExisting(conn: MongoConnection): Promise<void> {
  const migrations = conn.collection<{ _id: string; at: Date }>('migrations');
  if (await conn.run(() => migrations.findOne({ _id: MARK }))) return;
  const docs = new Map<string, SheetKeyDoc>();
  for (const { kind, name } of await sheetColls(conn)) {
    for await (const d of conn.collection<SheetDoc>(name).find({}, { projection: { s: 1, w: 1, key: 1 } })) {
      const slot = slotDoc(d.s);
      docs.set(slot._id, slot);
      if (kind === 'domain') {
        const dom = domainDoc(d.w, d.key);
        docs.set(dom._id, dom);
      }
    }
  }
  const all = [...docs.values()];
  for (let i = 0; i < all.length; i += 1000) await conn.run(() => insertOnce(conn.collection<SheetKeyDoc>(SHEET_KEYS), all.slice(i, i + 1000)));
  await conn.insertUnique(migrations, { _id: MARK, at: new Date() }); // instances finishing together both succeed
}

/** Drop a workspace's entries (its sheets are gone). */
export async function forgetSheetKeys(conn: MongoConnection, workspaceId: string): Promise<void> {
  await conn.run(() => conn.collection<SheetKeyDoc>(SHEET_KEYS).deleteMany({ k: 'domain', w: workspaceId }));
  const seen = known.get(conn);
  if (seen) for (const id of seen) if (id.startsWith(`domain|${workspaceId}|`)) seen.delete(id);
}
