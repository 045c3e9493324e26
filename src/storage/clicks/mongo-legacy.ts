import type { Collection } from 'mongodb';
import type { MongoConnection } from '../mongo/connection.js';
import type { Counts } from './engine/source.js';
import { addLegacy, type LegacyHour, legacyCombos, legacyHour } from './legacy.js';
import type { MongoComboDictionary } from './mongo-combos.js';
import { LEGACY_ROLLUPS } from './mongo-docs.js';
import type { LegacyRollupDoc } from './mongo-fold.js';
import { applyDeltas } from './mongo-sheets.js';
import type { SlotLeases } from './mongo-slots.js';
import { type OpenCell, SheetDeltas } from './sheets.js';

/** The slot the moved rollups of earlier versions are written under (leased by the instance moving them). */
export const LEGACY_SLOT = -2;
export const LEGACY_MARK = 'rollups-to-sheets';

/**
 * Move the per-dimension rollups of earlier versions into sheets of LEGACY_SLOT (docs/adr/0092),
 * link by link in ascending id order, under a lease on that slot (one instance moves them). Each
 * sheet records the last link added (`mf`), so a move cut short resumes without adding a link twice;
 * a link's rollups are deleted once moved. Their totals stay where they are (the same documents).
 */
export async function moveLegacyRollups(conn: MongoConnection, leases: SlotLeases, dict: MongoComboDictionary): Promise<void> {
  const migrations = conn.collection<{ _id: string; at: Date }>('migrations');
  if (await conn.run(() => migrations.findOne({ _id: LEGACY_MARK }))) return;
  const rollups = conn.collection<LegacyRollupDoc>(LEGACY_ROLLUPS);
  for (;;) {
    const doc = await conn.run(() => rollups.findOne({}, { sort: { l: 1 }, projection: { l: 1 } }));
    if (!doc) break;
    const latest = (await leases.latest()).get(LEGACY_SLOT);
    // Another instance is moving them: wait for it to finish (or for its lease to expire).
    const lease = leases.isFree(latest, leases.now(), false) ? await leases.take(LEGACY_SLOT, latest?.t ?? 0, false) : null;
    if (!lease) {
      await new Promise((r) => setTimeout(r, 250));
      if (await conn.run(() => migrations.findOne({ _id: LEGACY_MARK }))) return;
      continue;
    }
    try {
      for (let next: string | undefined = doc.l; next !== undefined; ) {
        if (!(await leases.keep(lease))) throw new Error('lost the lease on the click rollups move');
        await moveLink(conn, rollups, dict, next);
        next = (await conn.run(() => rollups.findOne({ l: { $gt: next } }, { sort: { l: 1 }, projection: { l: 1 } })))?.l;
      }
    } finally {
      await leases.release(lease);
    }
  }
  // A unique insert: instances finishing together both see the mark set (an upsert of the same _id
  // at once collides on FerretDB, which does not retry it as MongoDB does).
  await conn.insertUnique(migrations, { _id: LEGACY_MARK, at: new Date() });
  await conn.run(() => rollups.drop()).catch(() => undefined);
}

async function moveLink(conn: MongoConnection, rollups: Collection<LegacyRollupDoc>, dict: MongoComboDictionary, linkId: string): Promise<void> {
  // The link's domain now stands for the domain of its earlier clicks (they did not record one).
  const found = await conn.run(() => conn.collection<{ _id: string; workspaceId: string; domain: string }>('links').findOne({ _id: linkId }));
  const docs = await conn.run(() => rollups.find({ l: linkId, m: { $exists: false } }).toArray());
  if (docs.length > 0) {
    const link = { workspaceId: found?.workspaceId ?? docs[0]!.w, domain: found?.domain ?? '' };
    const hours = new Map<number, LegacyHour>();
    for (const d of docs) addLegacy(legacyHour(hours, new Date(d.h).getTime()), d.d, d.v, d.n);
    const combos = [...hours].map(([hour, h]) => ({ hour, h, combos: legacyCombos(h.clicks, h.bots, h.dims, link.domain) }));
    const ids = await dict.ensure(combos.flatMap((x) => [...x.combos.keys()].map((k): [string, string] => [link.workspaceId, k])));
    const cells: OpenCell[] = combos.map(({ hour, h, combos: cs }) => {
      const c: Counts = {};
      for (const [k, n] of cs) c[ids.get(link.workspaceId, k)!] = n;
      return { linkId, workspaceId: link.workspaceId, hour, clicks: h.clicks, bots: h.bots, c };
    });
    const facts = await dict.facts(
      link.workspaceId,
      cells.flatMap((c) => Object.keys(c.c)),
    );
    const deltas = new SheetDeltas((id) => facts.get(id), true);
    for (const c of cells) deltas.add(c);
    await applyDeltas(conn, LEGACY_SLOT, [...deltas.sheets.values()], { mf: { $lt: linkId } }, { mf: linkId });
  }
  await conn.run(() => rollups.deleteMany({ l: linkId }));
}
