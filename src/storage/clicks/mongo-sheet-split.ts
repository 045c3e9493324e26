import type { MongoConnection } from '../mongo/connection.js';
import type { Grain } from './engine/source.js';
import { insertOnce, OLD_SHEETS, type SheetDoc } from './mongo-docs.js';
import { SHEET_GRAINS, SHEET_KINDS, type SheetKind, sheetCollName } from './mongo-sheet-colls.js';
import type { Lease, SlotLeases } from './mongo-slots.js';

/** The slot whose lease the instance moving the sheets holds (no sheet is written under it). */
export const SPLIT_SLOT = -3;
export const SPLIT_MARK = 'sheets-by-kind-and-grain';

/** Documents read per batch of the move, and copied per insert. */
const COPY_BATCH = 100;

/**
 * Move the sheets of earlier versions, kept in one collection, into one collection per kind and
 * grain (docs/adr/0188), at start, before this instance reads or writes any sheet. One instance
 * copies them under a lease on SPLIT_SLOT; the others wait for the mark (as the rollups move of
 * mongo-legacy.ts). Nothing of this version writes a sheet before the mark, so a copy is the sheet:
 * the copy inserts documents with their `_id`s (one already there is skipped), so a move cut short is
 * simply run again. The old collection is dropped only after the mark: until then it still holds
 * every sheet.
 */
export async function splitSheets(conn: MongoConnection, leases: SlotLeases): Promise<void> {
  const migrations = conn.collection<{ _id: string; at: Date }>('migrations');
  const marked = async () => (await conn.run(() => migrations.findOne({ _id: SPLIT_MARK }))) !== null;
  while (!(await marked())) {
    // A new store (or one whose move finished meanwhile) has nothing to move.
    if (!(await oldThere(conn))) {
      await conn.insertUnique(migrations, { _id: SPLIT_MARK, at: new Date() });
      return;
    }
    const latest = (await leases.latest()).get(SPLIT_SLOT);
    // Another instance is moving them: wait for it to finish (or for its lease to expire).
    const lease = leases.isFree(latest, leases.now(), false) ? await leases.take(SPLIT_SLOT, latest?.t ?? 0, false) : null;
    if (!lease) {
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    try {
      // A unique insert: instances finishing together both see the mark set.
      if (!(await marked()) && (await copyUnderLease(conn, leases, lease))) await conn.insertUnique(migrations, { _id: SPLIT_MARK, at: new Date() });
    } finally {
      await leases.release(lease).catch(() => undefined);
    }
  }
  await dropOld(conn);
}

/** Copy every old sheet, renewing the lease meanwhile; false when the lease was lost (another instance goes on). */
async function copyUnderLease(conn: MongoConnection, leases: SlotLeases, lease: Lease): Promise<boolean> {
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
    return await copyAll(conn, () => lost);
  } finally {
    clearInterval(renew);
  }
}

async function copyAll(conn: MongoConnection, lost: () => boolean): Promise<boolean> {
  const parts = new Map<string, SheetDoc[]>();
  const flush = async (name: string) => {
    const docs = parts.get(name) ?? [];
    parts.set(name, []);
    await conn.run(() => insertOnce(conn.collection<SheetDoc>(name), docs));
  };
  const cursor = conn.collection<SheetDoc>(OLD_SHEETS).find({}, { batchSize: COPY_BATCH });
  try {
    for await (const d of cursor) {
      if (lost()) return false;
      // Anything else is no sheet this version reads.
      if (!SHEET_KINDS.includes(d.k as SheetKind) || !SHEET_GRAINS.includes(d.g as Grain)) continue;
      const name = sheetCollName(d.k, d.g);
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

async function oldThere(conn: MongoConnection): Promise<boolean> {
  return (await conn.run(() => conn.db.listCollections({ name: OLD_SHEETS }, { nameOnly: true }).toArray())).length > 0;
}

/** Drop the old collection once the move is marked (a start after a crash between the two drops it). */
async function dropOld(conn: MongoConnection): Promise<void> {
  if (await oldThere(conn)) await conn.run(() => conn.collection(OLD_SHEETS).drop()).catch(() => undefined);
}
