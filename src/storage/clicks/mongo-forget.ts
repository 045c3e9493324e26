import type { MongoConnection } from '../mongo/connection.js';
import { monthStart } from './engine/plan.js';
import type { Grain } from './engine/source.js';
import type { MongoComboDictionary } from './mongo-combos.js';
import { COMBOS, EVENTS, type EventsDoc, OPEN, TAG_LINKS, TOTALS } from './mongo-docs.js';
import { findSheets, sheetColls } from './mongo-sheet-colls.js';
import { forgetSheetKeys } from './mongo-sheet-keys.js';
import { applyDeltas } from './mongo-sheets.js';
import { tagSlotMode } from './mongo-tag-docs.js';
import { forgetTagShare } from './mongo-tag-forget.js';
import { finishTagMove } from './mongo-tag-move.js';
import { HOUR_MS } from './repository.js';
import { domainShare, mergeSheet, type SheetDelta, sheetId } from './sheets.js';

/**
 * A deleted link: its share of its domains' (and tags', docs/adr/0182) sheets is taken away in this instance's own slot (a
 * negative count beside the other slots' positive ones; each target records the link in `del`, so a
 * repeat takes nothing twice), then its sheets, open hours, totals and events go. Deleting the
 * documents of other slots is not a single-writer write: a flush landing at that moment may leave a
 * stray count of the deleted link (ADR 17 says the same of its totals).
 */
export async function forgetLink(conn: MongoConnection, dict: MongoComboDictionary, ownSlot: number, workspaceId: string, linkId: string): Promise<void> {
  await tagSlotMode(conn, ownSlot); // decided before this slot's first sheet (docs/adr/0182)
  await finishTagMove(conn, ownSlot);
  const docs = await findSheets(conn, 'link', { key: linkId, w: workspaceId });
  const ids = new Set<string>();
  for (const d of docs) for (const id in d.c ?? {}) ids.add(id);
  const facts = await dict.facts(workspaceId, ids);
  const merged = new Map<string, SheetDelta>();
  for (const d of docs) {
    const sheet = { key: d.key, period: d.p, tot: d.tot, bots: d.bots, c: d.c ?? {}, x: d.x ?? {}, grain: d.g as Grain, workspaceId };
    for (const share of domainShare(sheet, (id) => facts.get(id))) {
      const id = sheetId(share);
      const seen = merged.get(id);
      merged.set(id, seen ? { ...seen, ...mergeSheet(seen, share) } : share);
    }
  }
  withMonthHours(merged);
  await applyDeltas(conn, ownSlot, [...merged.values()], { [`del.${linkId}`]: { $exists: false } }, { [`del.${linkId}`]: 1 }, -1);
  await forgetTagShare(conn, ownSlot, workspaceId, linkId, docs);
  const linkSheets = await sheetColls(conn, 'link');
  await conn.run(async () => {
    for (const { name } of linkSheets) await conn.collection(name).deleteMany({ key: linkId, w: workspaceId });
    await conn.collection(OPEN).deleteMany({ l: linkId, w: workspaceId });
    await conn.collection(TOTALS).deleteMany({ l: linkId, w: workspaceId });
    await conn.collection<EventsDoc>(EVENTS).updateMany({ w: workspaceId, 'e.l': linkId }, { $pull: { e: { l: linkId } } });
  });
}

/**
 * The hours of the month the domains' month sheets count (docs/adr/0099), taken from the day shares
 * (the link's day sheets hold its hours by combination, so by domain; its month sheets do not).
 */
function withMonthHours(shares: Map<string, SheetDelta>): void {
  for (const day of [...shares.values()]) {
    if (day.grain !== 'day') continue;
    const period = monthStart(day.period);
    const id = sheetId({ ...day, grain: 'month', period });
    const month = shares.get(id) ?? { kind: day.kind, workspaceId: day.workspaceId, key: day.key, grain: 'month', period, tot: 0, bots: 0 };
    const at = (day.period - period) / HOUR_MS;
    const hours = { hc: { ...month.hc }, hb: { ...month.hb } };
    for (const f of ['hc', 'hb'] as const) for (const h in day[f] ?? {}) hours[f][at + Number(h)] = (hours[f][at + Number(h)] ?? 0) + day[f]![h]!;
    shares.set(id, { ...month, ...hours });
  }
}

export async function forgetWorkspace(conn: MongoConnection, workspaceId: string): Promise<void> {
  const sheets = await sheetColls(conn);
  await conn.run(async () => {
    for (const c of [...sheets.map((x) => x.name), OPEN, TOTALS, EVENTS, COMBOS, TAG_LINKS]) await conn.collection(c).deleteMany({ w: workspaceId });
  });
  await forgetSheetKeys(conn, workspaceId);
}
