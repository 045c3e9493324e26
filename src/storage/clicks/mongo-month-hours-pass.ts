import type { MongoConnection } from '../mongo/connection.js';
import { type AsWriter, fillSlot, MONTH_HOURS_MARK, type SlotPass, slotMark } from './mongo-month-hours.js';
import { sheetSlots } from './mongo-sheet-keys.js';
import type { SlotLeases } from './mongo-slots.js';

/** The slot this process writes, and how to run something as its writer (between its own writes). */
export interface OwnSlot {
  slot: number;
  asWriter: AsWriter;
}

export interface BackfillReport {
  /** Every slot is done (the mark is written: later starts skip the backfill). */
  done: boolean;
  filled: number;
  left: number;
  /** Slots not done yet: held by another live instance, a closing cut short, no writer slot of ours yet, stopped or out of budget. */
  waiting: number[];
}

interface Mark {
  _id: string;
  at: Date;
  filled?: number;
  left?: number;
}

/**
 * The month-hours backfill at start (docs/adr/0099), in the background: a pass over every writer slot
 * that wrote sheets and has no mark yet, once this process holds its own writer slot (its first
 * flush or upkeep takes it). Its own slot is filled between its own writes;
 * a free slot (released, expired, or the slot of moved rollups) under a lease taken for the pass; a
 * slot another instance holds waits for a later pass (every `retryMs`). A slot is marked once all its
 * month sheets were looked at, and the whole once every slot is: a pass cut short (a crash, a stop)
 * is resumed by the next start from the marks and from the sheets themselves (filled ones are complete).
 */
export class MonthHoursBackfill {
  private stopping = false;
  private running: Promise<void> = Promise.resolve();
  private wake: (() => void) | null = null;
  /** The last pass's report and the last error (the loop goes on after one). */
  last: BackfillReport | null = null;
  lastError: unknown = null;

  constructor(
    private readonly conn: MongoConnection,
    private readonly leases: SlotLeases,
    private readonly own: () => OwnSlot | null,
    private readonly retryMs = 60_000,
  ) {}

  /** Run passes in the background until done or stopped. */
  start(): void {
    this.running = this.loop();
  }

  /** Stop after the sheet in hand, and wait for it. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.running;
  }

  /** Resolves when the background passes end (done, or stopped). */
  get finished(): Promise<void> {
    return this.running;
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      try {
        this.last = await this.pass();
        if (this.last.done) return;
      } catch (e) {
        this.lastError = e;
      }
      // A stop asked during the pass found nothing to wake: it must not wait out a whole retry.
      if (this.stopping) return;
      await new Promise<void>((r) => {
        const t = setTimeout(r, this.retryMs);
        t.unref();
        this.wake = () => {
          clearTimeout(t);
          r();
        };
      });
      this.wake = null;
    }
  }

  /** One pass over the slots, filling at most `budget` month sheets. */
  async pass(budget = Number.POSITIVE_INFINITY): Promise<BackfillReport> {
    const migrations = this.conn.collection<Mark>('migrations');
    const marked = async (id: string) => (await this.conn.run(() => migrations.findOne({ _id: id }))) !== null;
    const report: BackfillReport = { done: false, filled: 0, left: 0, waiting: [] };
    if (await marked(MONTH_HOURS_MARK)) return { ...report, done: true };
    for (const s of await sheetSlots(this.conn)) {
      if (await marked(slotMark(s))) continue;
      const own = this.own();
      // Other slots wait until this process holds its own: a slot borrowed at start would push its
      // writer into a new slot, and every slot that wrote sheets costs reads a lookup per key and period.
      const r = this.stopping || !own ? null : own.slot === s ? await this.fill(s, own.asWriter, budget) : await this.borrowed(s, budget);
      if (r) {
        report.filled += r.filled;
        report.left += r.left;
        budget -= r.filled + r.left;
      }
      if (r?.finished) await this.conn.insertUnique(migrations, { _id: slotMark(s), at: new Date(), filled: r.filled, left: r.left });
      else report.waiting.push(s);
    }
    if (report.waiting.length === 0) {
      await this.conn.insertUnique(migrations, { _id: MONTH_HOURS_MARK, at: new Date() });
      report.done = true;
    }
    return report;
  }

  private fill(s: number, asWriter: AsWriter, budget: number): Promise<SlotPass> {
    return fillSlot(this.conn, s, asWriter, budget, () => this.stopping);
  }

  /** A slot nobody holds, filled under a lease of its own (null: held by another instance). */
  private async borrowed(s: number, budget: number): Promise<SlotPass | null> {
    const latest = (await this.leases.latest()).get(s);
    if (!this.leases.isFree(latest, this.leases.now(), false)) return null;
    const lease = await this.leases.take(s, latest?.t ?? 0, false);
    if (!lease) return null;
    try {
      const asWriter: AsWriter = async (fn) => {
        if (!(await this.leases.keep(lease))) throw new Error(`lost the lease on click slot ${s} while filling month hours`);
        return fn();
      };
      return await this.fill(s, asWriter, budget);
    } finally {
      await this.leases.release(lease).catch(() => undefined);
    }
  }
}
