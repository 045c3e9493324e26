import type { MongoConnection } from '../mongo/connection.js';
import type { Grain } from './engine/source.js';
import { insertOnce, OLD_SHEETS, type SheetDoc } from './mongo-docs.js';
import { ensureSheetIndexes, SHEET_GRAINS, SHEET_KINDS, type SheetKind, sheetCollName, UNSPLIT_COLLS } from './mongo-sheet-colls.js';
import type { Lease, SlotLeases } from './mongo-slots.js';

/** The slots whose lease the instance moving the sheets holds (no sheet is written under them). */
export const SPLIT_SLOT = -3;
export const SPLIT_MARK = 'sheets-by-kind-and-grain';
export const MONTH_SPLIT_SLOT = -4;
export const MONTH_SPLIT_MARK = 'sheets-by-month';

/** Documents read per batch of the move, and copied per insert. */
const COPY_BATCH = 100;

/** A move of sheets out of older collections into those sheetCollName names now. */
interface Move {
  slot: number;
  mark: string;
  from: readonly string[];
}

/** The single collection of the first sheets (docs/adr/0188), then the collections by kind and grain (docs/adr/0239). */
const MOVES: readonly Move[] = [
  { slot: SPLIT_SLOT, mark: SPLIT_MARK, from: [OLD_SHEETS] },
  { slot: MONTH_SPLIT_SLOT, mark: MONTH_SPLIT_MARK, from: UNSPLIT_COLLS },
];

/**
 * Move the sheets of earlier versions into the collections of this one, at start, before this
 * instance reads or writes any sheet: from the one collection of the first versions into one per
 * kind and grain (docs/adr/0188), and from those into one per kind, grain and month (docs/adr/0239). One instance copies them under a lease on the move's slot; the others
 * wait for its mark (as the rollups move of mongo-legacy.ts). Nothing of this version writes a sheet
 * before the mark, so a copy is the sheet: the copy inserts documents with their `_id`s (one already
 * there is skipped), so a move cut short is simply run again. The old collections are dropped only
 * after the mark: until then they still hold every sheet.
 */
export async function splitSheets(conn: MongoConnection, leases: SlotLeases): Promise<void> {
  for (const move of MOVES) await moveSheets(conn, leases, move);
}

async function moveSheets(conn: MongoConnection, leases: SlotLeases, move: Move): Promise<void> {
  const migrations = conn.collection<{ _id: string; at: Date }>('migrations');
  const marked = async () => (await conn.run(() => migrations.findOne({ _id: move.mark }))) !== null;
  while (!(await marked())) {
    // A new store (or one whose move finished meanwhile) has nothing to move.
    if ((await oldThere(conn, move)).length === 0) {
      await conn.insertUnique(migrations, { _id: move.mark, at: new Date() });
      return;
    }
    const latest = (await leases.latest()).get(move.slot);
    // Another instance is moving them: wait for it to finish (or for its lease to expire).
    const lease = leases.isFree(latest, leases.now(), false) ? await leases.take(move.slot, latest?.t ?? 0, false) : null;
    if (!lease) {
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    try {
      // A unique insert: instances finishing together both see the mark set.
      if (!(await marked()) && (await copyUnderLease(conn, leases, lease, move))) await conn.insertUnique(migrations, { _id: move.mark, at: new Date() });
    } finally {
      await leases.release(lease).catch(() => undefined);
    }
  }
  await dropOld(conn, move);
}

/** Copy every old sheet, renewing the lease meanwhile; false when the lease was lost (another instance goes on). */
async function copyUnderLease(conn: MongoConnection, leases: SlotLeases, lease: Lease, move: Move): Promise<boolean> {
  let lost = false;
  // A batch of the old collection can take longer than a renewal period on a server that scans it.
  const renew = setInterval(() => {
    leases.keep(lease).then(
      (held) => {
        lost ||= !held;
      },
      () => undefined,
    );
  }, leases.times.renewMs);
  try {
    for (const name of await oldThere(conn, move)) if (!(await copyAll(conn, name, () => lost))) return false;
    return true;
  } finally {
    clearInterval(renew);
  }
}

async function copyAll(conn: MongoConnection, from: string, lost: () => boolean): Promise<boolean> {
  const parts = new Map<string, SheetDoc[]>();
  const flush = async (name: string) => {
    const docs = parts.get(name) ?? [];
    parts.set(name, []);
    await ensureSheetIndexes(conn, name);
    await conn.run(() => insertOnce(conn.collection<SheetDoc>(name), docs));
  };
  const cursor = conn.collection<SheetDoc>(from).find({}, { batchSize: COPY_BATCH });
  try {
    for await (const d of cursor) {
      if (lost()) return false;
      // Anything else is no sheet this version reads.
      if (!SHEET_KINDS.includes(d.k as SheetKind) || !SHEET_GRAINS.includes(d.g as Grain)) continue;
      const name = sheetCollName(d.k, d.g, d.p);
      const list = parts.get(name) ?? [];
      list.push(d);
      parts.set(name, list);
      if (list.length >= COPY_BATCH) await flush(name);
    }
  } finally {
    await cursor.close().catch(() => undefined);
  }
  for (const name of parts.keys()) await flush(name);
  return !lost();
}

/** The move's old collections still there. */
async function oldThere(conn: MongoConnection, move: Move): Promise<string[]> {
  const listed = await conn.run(() => conn.db.listCollections({}, { nameOnly: true }).toArray());
  const names = new Set(listed.map((c) => c.name));
  return move.from.filter((n) => names.has(n));
}

/** Drop the old collections once the move is marked (a start after a crash between the two drops them). */
async function dropOld(conn: MongoConnection, move: Move): Promise<void> {
  for (const name of await oldThere(conn, move)) await conn.run(() => conn.collection(name).drop()).catch(() => undefined);
}
