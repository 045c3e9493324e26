import type { MongoConnection } from '../mongo/connection.js';
import type { Counts } from './engine/source.js';
import type { MongoComboDictionary } from './mongo-combos.js';
import { type SheetDoc, sheetDocId, type Upsert, upsertAll } from './mongo-docs.js';
import { byCollection, ensureSheetIndexes } from './mongo-sheet-colls.js';
import { announceSheets } from './mongo-sheet-keys.js';
import { tagDeltasOf } from './mongo-tag-close.js';
import { incPaths, type OpenCell, type SheetDelta, SheetDeltas } from './sheets.js';

/**
 * Fold cells into slot `s`'s sheets with `$inc`, each sheet guarded by `mark` (the closing's
 * `before`, or a migration's position): a sheet whose `f` has reached it is skipped, so a resumed
 * fold adds nothing twice; with `tagsOf` (closing) each link's deltas go to its tags' sheets too.
 * Only the slot's holder calls this.
 */
export async function foldCells(
  conn: MongoConnection,
  dict: MongoComboDictionary,
  s: number,
  cells: readonly OpenCell[],
  mark: number,
  tagsOf: ReadonlyMap<string, readonly string[]> | null = null,
  steps?: (step: string) => Promise<void>,
): Promise<void> {
  const byWorkspace = new Map<string, Set<string>>();
  for (const c of cells) {
    const ids = byWorkspace.get(c.workspaceId) ?? new Set<string>();
    for (const id in c.c) ids.add(id);
    byWorkspace.set(c.workspaceId, ids);
  }
  const facts = new Map();
  for (const [ws, ids] of byWorkspace) for (const [id, f] of await dict.facts(ws, ids)) facts.set(id, f);
  const deltas = new SheetDeltas((id) => facts.get(id), true);
  for (const c of cells) deltas.add(c);
  // Each link's deltas go to the sheets of the tags it counts in too (docs/adr/0182).
  const all = [...deltas.sheets.values()];
  if (tagsOf) all.push(...tagDeltasOf(all, tagsOf));
  await applyDeltas(conn, s, all, { f: { $lt: mark } }, { f: mark }, 1, steps);
}

/** `$inc` deltas into slot `s`'s sheets (each in the collection of its kind and grain, and month of a day sheet), under a guard and with what the guard records. */
export async function applyDeltas(
  conn: MongoConnection,
  s: number,
  deltas: readonly SheetDelta[],
  guard: Record<string, unknown>,
  set: Record<string, unknown>,
  sign = 1,
  /** Tests only: awaited after each collection's writes. */
  steps?: (step: string) => Promise<void>,
): Promise<void> {
  // Every sheet carries both guards from its insert on (a guard on an absent field never matches).
  // Readers find sheets through the registry: announced before they exist.
  await announceSheets(
    conn,
    s,
    deltas.filter((d) => d.kind === 'domain').map((d): [string, string] => [d.workspaceId, d.key]),
  );
  const defaults = Object.fromEntries(Object.entries({ f: 0, mf: '', mv: 0 }).filter(([k]) => !(k in set)));
  for (const [name, part] of byCollection(deltas, (d) => d)) {
    await ensureSheetIndexes(conn, name);
    const ops: Upsert<SheetDoc>[] = part.map((d) => ({
      filter: { _id: sheetDocId(s, d.kind, d.workspaceId, d.key, d.grain, d.period), ...guard },
      update: {
        $inc: incPaths(d, sign),
        $set: set,
        $setOnInsert: { s, w: d.workspaceId, k: d.kind, key: d.key, g: d.grain, p: d.period, ...defaults },
      } as never,
    }));
    await conn.run(() => upsertAll(conn.collection<SheetDoc>(name), ops));
    await steps?.(`folded into ${name}`);
  }
}

export type { Counts };
