import type { Collection } from 'mongodb';
import type { MongoConnection } from '../mongo/connection.js';
import { complete } from './engine/month-hours.js';
import { nextMonth } from './engine/plan.js';
import type { Counts } from './engine/source.js';
import { CLOSES, type CloseDoc, type SheetDoc } from './mongo-docs.js';
import { type SheetKind, sheetColl, sheetColls } from './mongo-sheet-colls.js';
import { HOUR_MS } from './repository.js';
import { nextTurn } from './turns.js';

/**
 * The hours of month sheets written before month sheets counted them (docs/adr/0099), backfilled
 * from the day sheets of the same slot, which always held their 24 hours. Only the holder of a
 * slot's lease writes its sheets (ADR 17), and it computes each month sheet's hours from that
 * slot's day sheets while no closing of the slot is under way, so the days it adds up and the month
 * it completes are of one moment. Hours are `$set` (never added), so doing a month again gives the
 * same document. Where the days do not add up to the month's totals, the month is left as it is
 * (reads keep its days).
 */

export const MONTH_HOURS_MARK = 'month-hours';
/** Marks a slot whose month sheets were all looked at. */
export const slotMark = (s: number) => `${MONTH_HOURS_MARK}|${s}`;

/** Runs `fn` as the only writer of the slot (or throws when the slot's lease was lost). */
export type AsWriter = <T>(fn: () => Promise<T>) => Promise<T>;

export interface SlotPass {
  /** Every month sheet of the slot was looked at (false: stopped or out of budget first). */
  finished: boolean;
  /** Month sheets given their hours. */
  filled: number;
  /** Month sheets whose day sheets do not add up to their totals (left to be read day by day). */
  left: number;
}

type MonthDoc = Pick<SheetDoc, '_id' | 's' | 'w' | 'k' | 'key' | 'p' | 'tot' | 'bots' | 'hc' | 'hb'>;

const PROJECTION = { s: 1, w: 1, k: 1, key: 1, p: 1, tot: 1, bots: 1, hc: 1, hb: 1 } as const;
const isComplete = (m: MonthDoc) => complete({ tot: m.tot ?? 0, bots: m.bots ?? 0, hc: m.hc ?? {}, hb: m.hb ?? {} });

/** The month's hours (0 to 743) from its day sheets' hours (0 to 23). */
export function hoursOfMonth(month: number, days: readonly Pick<SheetDoc, 'p' | 'hc' | 'hb'>[]): { hc: Counts; hb: Counts } {
  const out = { hc: {} as Counts, hb: {} as Counts };
  for (const d of days) {
    const at = (d.p - month) / HOUR_MS;
    for (const f of ['hc', 'hb'] as const) {
      for (const h in d[f] ?? {}) {
        const k = String(at + Number(h));
        const v = (out[f][k] ?? 0) + d[f]![h]!;
        if (v === 0) delete out[f][k];
        else out[f][k] = v;
      }
    }
  }
  return out;
}

/** Whether a closing of slot `s` was cut short (its day and month sheets may differ until it is finished). */
export async function closingUnderWay(conn: MongoConnection, s: number): Promise<boolean> {
  const state = await conn.run(() => conn.collection<CloseDoc>(CLOSES).findOne({ _id: s }));
  return state?.closing !== undefined;
}

/**
 * Give one month sheet its hours, as the slot's only writer (not while a closing of the slot is
 * cut short: 'busy'): re-read it, add up its day sheets,
 * `$set` the hours when they add up to its totals (the update is guarded by those totals too).
 */
async function fillOne(
  conn: MongoConnection,
  sheets: Collection<SheetDoc>,
  kind: SheetKind,
  s: number,
  id: string,
): Promise<'filled' | 'left' | 'skipped' | 'busy'> {
  if (await closingUnderWay(conn, s)) return 'busy';
  const m = (await conn.run(() => sheets.findOne({ _id: id }, { projection: PROJECTION }))) as MonthDoc | null;
  if (!m || isComplete(m)) return 'skipped';
  const daySheets = sheetColl(conn, kind, 'day', m.p);
  const days = await conn.run(() =>
    daySheets.find({ key: m.key, p: { $gte: m.p, $lt: nextMonth(m.p) }, s: m.s, w: m.w }, { projection: { p: 1, hc: 1, hb: 1 } }).toArray(),
  );
  const hours = hoursOfMonth(m.p, days);
  if (!complete({ tot: m.tot ?? 0, bots: m.bots ?? 0, ...hours })) return 'left';
  const res = await conn.run(() => sheets.updateOne({ _id: id, tot: m.tot, bots: m.bots }, { $set: hours }));
  return res.matchedCount === 1 ? 'filled' : 'left';
}

/**
 * Look at every month sheet of slot `s` (one cursor per kind and month, a few dozen sheets per batch) and fill those
 * whose hours are incomplete, one at a time through `asWriter`, at most `budget` of them; a turn of
 * the event loop between sheets. Stops early when `stopped()` says so, or when a closing of the slot
 * was cut short (the slot's next closing finishes it; a later pass goes on).
 */
export async function fillSlot(conn: MongoConnection, s: number, asWriter: AsWriter, budget: number, stopped: () => boolean): Promise<SlotPass> {
  const out: SlotPass = { finished: false, filled: 0, left: 0 };
  for (const { kind, name } of await sheetColls(conn, undefined, 'month')) {
    const sheets = conn.collection<SheetDoc>(name);
    const cursor = sheets.find({ s }, { projection: PROJECTION, batchSize: 50 });
    try {
      for await (const doc of cursor) {
        if (stopped()) return out;
        const m = doc as MonthDoc;
        if (isComplete(m)) continue;
        if (out.filled + out.left >= budget) return out;
        const r = await asWriter(() => fillOne(conn, sheets, kind, s, m._id));
        if (r === 'busy') return out;
        if (r === 'filled') out.filled++;
        if (r === 'left') out.left++;
        await nextTurn();
      }
    } finally {
      await cursor.close().catch(() => undefined);
    }
  }
  out.finished = true;
  return out;
}
