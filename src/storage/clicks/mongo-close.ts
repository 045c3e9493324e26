import type { MongoConnection } from '../mongo/connection.js';
import type { MongoComboDictionary } from './mongo-combos.js';
import { CLOSES, type CloseDoc, OPEN, type OpenDoc } from './mongo-docs.js';
import { foldCells } from './mongo-sheets.js';
import { closingTags } from './mongo-tag-close.js';
import { finishTagMove } from './mongo-tag-move.js';

/** Tests only: awaited after each step of a closing, named; the fold's step once per collection of sheets. */
export type ClosingSteps = (step: string) => Promise<void>;

/**
 * Close slot `s`'s hours before `before` into its sheets (docs/adr/0092); only the slot's holder
 * (or a compaction holding its lease) calls this. The closing is recorded first (`closing`), its open
 * documents are marked (`z`: readers leave them out, at worst a brief under-count), their counts are
 * added to the sheets (each sheet guarded by `f`), then they are deleted. A closing cut short is
 * finished with the same `before` by the next one, so nothing is added twice; the slot's holder
 * finishes it before writing anything more (`finishClosing`). Reads count the marked documents until
 * the sheets they read hold them (docs/adr/0231).
 */
export async function closeSlot(conn: MongoConnection, dict: MongoComboDictionary, s: number, before: number, steps?: ClosingSteps): Promise<void> {
  const closes = conn.collection<CloseDoc>(CLOSES);
  const open = conn.collection<OpenDoc>(OPEN);
  await finishTagMove(conn, s); // a move cut short reads the link sheets as they were (docs/adr/0182)
  const state = await conn.run(() => closes.findOne({ _id: s }));
  // Marks only grow (the sheets' guard needs it), even after a compaction closed ahead of time.
  const mark = state?.closing ?? Math.max(before, (state?.through ?? 0) + 1);
  if (state?.closing === undefined) {
    if (!(await conn.run(() => open.findOne({ s, h: { $lt: mark } }, { projection: { _id: 1 } })))) return;
    await conn.run(() => closes.updateOne({ _id: s }, { $set: { closing: mark } }, { upsert: true }));
    await steps?.('recorded');
  }
  await conn.run(() => open.updateMany({ s, h: { $lt: mark } }, { $set: { z: mark } }));
  await steps?.('marked');
  const docs = await conn.run(() => open.find({ s, h: { $lt: mark } }).toArray());
  const cells = docs.map((d) => ({ linkId: d.l, workspaceId: d.w, hour: d.h, clicks: d.n, bots: d.b, c: d.c ?? {} }));
  // The tags each link counts in, links new to the slot recorded first (docs/adr/0182).
  const tagsOf = await closingTags(conn, s, cells);
  await foldCells(conn, dict, s, cells, mark, tagsOf, steps);
  await conn.run(() => open.deleteMany({ s, h: { $lt: mark }, z: mark }));
  await steps?.('deleted');
  await conn.run(() => closes.updateOne({ _id: s }, { $set: { through: mark }, $unset: { closing: '' } }));
  await steps?.('finished');
}

/**
 * Finish slot `s`'s closing cut short, if any, with its own mark: its holder calls this before its
 * first write after taking the slot or after a closing of its own failed. A flush into the closing's
 * hours first would be skipped by the sheets already folded (their guard `f` has the mark) and then
 * deleted (docs/adr/0231, "A closing cut short").
 */
export async function finishClosing(conn: MongoConnection, dict: MongoComboDictionary, s: number, steps?: ClosingSteps): Promise<void> {
  const state = await conn.run(() => conn.collection<CloseDoc>(CLOSES).findOne({ _id: s }, { projection: { closing: 1 } }));
  if (state?.closing !== undefined) await closeSlot(conn, dict, s, state.closing, steps);
}
