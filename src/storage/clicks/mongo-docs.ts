import { type AnyBulkWriteOperation, type Collection, MongoBulkWriteError, type UpdateFilter } from 'mongodb';
import { type IndexDef, isDuplicateKey } from '../mongo/connection.js';
import { eachCount, HOUR_MS, type HourCounts } from './repository.js';

/*
 * Counter documents on MongoDB (docs/adr/0017). Every document belongs to one writer slot `s` and is
 * written only by the current holder of that slot; reads sum over slots. `q` is the sequence number of
 * the last flush applied (a retried flush is skipped); `mg` and `m` belong to the compaction of idle slots.
 */

/** A compaction's mark on a document it is moving: into slot `t`, under token `tok`. */
export interface Mark {
  t: number;
  tok: string;
}

interface CounterFields {
  _id: string;
  s: number;
  l: string;
  w: string;
  q?: number;
  /** Source slot -> token of the compaction whose counts this document has absorbed. */
  mg?: Record<string, string>;
  m?: Mark;
}

/** Per link, hour, dimension (`clicks`, `bots` or a ClickDimension) and value: `n`. */
export interface RollupDoc extends CounterFields {
  h: Date;
  d: string;
  v: string;
  n: number;
}

/** Per link, all-time: `n` human clicks, `b` bot visits. */
export interface TotalsDoc extends CounterFields {
  n: number;
  b: number;
}

export type CounterDoc = RollupDoc | TotalsDoc;

/** The slot holding counts folded in from the click documents of earlier versions (written once). */
export const FOLD_SLOT = -1;

export const ROLLUPS = 'click_rollups';
export const TOTALS = 'click_totals';
export const SLOTS = 'click_slots';

export const CLICK_INDEXES: IndexDef[] = [
  [ROLLUPS, { l: 1, d: 1, h: 1 }, { name: 'click_rollups_by_link' }],
  [ROLLUPS, { w: 1, d: 1, h: 1 }, { name: 'click_rollups_by_workspace' }],
  [ROLLUPS, { s: 1 }, { name: 'click_rollups_by_slot' }],
  [TOTALS, { l: 1 }, { name: 'click_totals_by_link' }],
  [TOTALS, { s: 1 }, { name: 'click_totals_by_slot' }],
  [SLOTS, { s: 1, t: -1 }, { name: 'click_slots_by_slot' }],
];

export const rollupId = (s: number, l: string, hour: number, d: string, v: string) => `${s}|${l}|${hour / HOUR_MS}|${d}|${v}`;
export const totalsId = (s: number, l: string) => `${s}|${l}`;
/** The same counter in another slot. */
export const inSlot = (id: string, s: number) => `${s}${id.slice(id.indexOf('|'))}`;

/** The rollup rows of one link-hour: [dimension, value, count]. */
export function rollupEntries(h: HourCounts): [string, string, number][] {
  const out: [string, string, number][] = [];
  if (h.clicks > 0) out.push(['clicks', '', h.clicks]);
  if (h.bots > 0) out.push(['bots', '', h.bots]);
  eachCount(h, (dim, v, n) => out.push([dim, v, n]));
  return out;
}

/** Whether a bulk write failed on some of its writes (rather than as a whole, e.g. the connection). */
export function hasWriteErrors(e: MongoBulkWriteError): boolean {
  return Array.isArray(e.writeErrors) ? e.writeErrors.length > 0 : Boolean(e.writeErrors);
}

export interface Upsert<T extends CounterDoc> {
  filter: { _id: string } & Record<string, unknown>;
  update: UpdateFilter<T>;
}

/**
 * Apply conditional upserts, each idempotent (a write already applied fails its filter and its
 * upsert collides on _id). FerretDB 1.24 stops an unordered bulk write at its first error, so after
 * any bulk error every write is redone alone.
 */
export async function upsertAll<T extends CounterDoc>(coll: Collection<T>, ops: Upsert<T>[]): Promise<void> {
  if (ops.length === 0) return;
  try {
    const bulk = ops.map((o) => ({ updateOne: { filter: o.filter, update: o.update, upsert: true } })) as AnyBulkWriteOperation<T>[];
    await coll.bulkWrite(bulk, { ordered: false });
  } catch (e) {
    if (!(e instanceof MongoBulkWriteError) || !hasWriteErrors(e)) throw e;
    for (const o of ops) {
      try {
        await coll.updateOne(o.filter as never, o.update, { upsert: true });
      } catch (e2) {
        if (!isDuplicateKey(e2)) throw e2;
      }
    }
  }
}
