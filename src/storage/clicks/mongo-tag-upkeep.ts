import type { MongoConnection } from '../mongo/connection.js';
import type { AsWriter } from './mongo-month-hours.js';
import type { OwnSlot } from './mongo-month-hours-pass.js';
import { sheetSlots } from './mongo-sheet-keys.js';
import type { SlotLeases } from './mongo-slots.js';
import { finishTagMove } from './mongo-tag-move.js';
import { listSlotLinks, type SyncReport, syncChangedTags, syncSlotTags } from './mongo-tag-sync.js';

/**
 * Run `fn` as the writer of this process's own slot, then of every other slot that wrote sheets and
 * nobody holds (released, or expired after a crash) under a lease taken for it, as the month-hours
 * backfill does. A slot another live instance holds is left to that instance.
 */
async function eachWritableSlot(conn: MongoConnection, leases: SlotLeases, own: OwnSlot, fn: (s: number, asWriter: AsWriter) => Promise<void>): Promise<void> {
  await fn(own.slot, own.asWriter);
  const latest = await leases.latest();
  for (const s of await sheetSlots(conn)) {
    if (s === own.slot || !leases.isFree(latest.get(s), leases.now(), false)) continue;
    const lease = await leases.take(s, latest.get(s)?.t ?? 0, false);
    if (!lease) continue;
    try {
      await fn(s, async (f) => {
        if (!(await leases.keep(lease))) throw new Error(`lost the lease on click slot ${s} while moving tag sheets`);
        return f();
      });
    } finally {
      await leases.release(lease).catch(() => undefined);
    }
  }
}

const merge = (into: SyncReport, r: SyncReport) => {
  into.moved += r.moved;
  into.done &&= r.done;
};

/**
 * The tag sheets' upkeep (docs/adr/0182), once a minute after closing, in every slot this process
 * may write: each has a move cut short finished, its older links listed once, then its sheets moved
 * for the tags changed since it last looked, at most `turns` writer turns of moves per slot.
 */
export async function tagUpkeep(conn: MongoConnection, leases: SlotLeases, own: OwnSlot, turns: number): Promise<SyncReport> {
  const report: SyncReport = { moved: 0, done: true };
  await eachWritableSlot(conn, leases, own, async (s, asWriter) => {
    // A move cut short (a crash) in a slot nobody closes any more is finished here.
    await asWriter(() => finishTagMove(conn, s));
    await listSlotLinks(conn, s, asWriter);
    merge(report, await syncChangedTags(conn, s, asWriter, turns));
  });
  return report;
}

/** A change of workspace `w`'s tags (its `only` links) brought into every slot this process may write now. */
export async function syncWritableSlots(conn: MongoConnection, leases: SlotLeases, own: OwnSlot, w: string, only?: readonly string[]): Promise<SyncReport> {
  const report: SyncReport = { moved: 0, done: true };
  await eachWritableSlot(conn, leases, own, async (s, asWriter) => merge(report, await syncSlotTags(conn, s, w, asWriter, only)));
  return report;
}
