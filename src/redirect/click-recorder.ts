import { HourTally } from '../storage/clicks/hour-tally.js';
import type { ClickBatch, ClicksRepository } from '../storage/clicks/repository.js';
import { HOUR_MS } from '../storage/clicks/repository.js';
import { type Visit, visitKey } from './visit-key.js';
import { clicksIn, VisitLog } from './visit-log.js';
import { WaitingEvents } from './waiting-events.js';

export type { Visit } from './visit-key.js';

export interface ClickRecorderOptions {
  /** How often counts are written (and no more often). */
  intervalMs?: number;
  /** At most this many visit records wait for the next flush; past it visits are counted here, in counters. */
  maxRecords?: number;
  /** At most this many distinct counters are held (waiting and being written); past it visits are dropped and counted. */
  maxCells?: number;
  /** At most this many events wait to be written; past it events are dropped (the counts still count). 0: no events. */
  maxEvents?: number;
}

export interface ClickLogger {
  warn(obj: object, msg?: string): void;
}

/**
 * Clicks leave the request path as records (docs/adr/0016, 0092, 0196): `count` keeps one compact
 * record per visit (its time, link, workspace, combination key and whether it is a click event), and
 * a timer hands them to the store at most once a second; the store counts them per link, hour and
 * combination where it writes them (the SQLite writer thread; the MongoDB adapter at its flush). A
 * failed write is kept and retried as it was (the store never counts one batch twice) while new
 * visits keep coming: past `maxRecords` waiting records they are counted here in counters instead
 * (as they all were before), within a bound on counters. `stop()` writes what is left, so a clean
 * stop loses nothing.
 */
export class ClickRecorder {
  private readonly records = new VisitLog();
  /** Visits counted past the bound on records, and their click events. */
  private tally = new HourTally();
  private readonly events = new WaitingEvents();
  /** The batch being written, or whose write failed. */
  private pending: { batch: ClickBatch; cells: number; visits: number } | null = null;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private failingSince = 0;
  /** Visits dropped because the bound was reached (the store was unreachable for long). */
  dropped = 0;
  /** Events dropped because too many were waiting (their clicks were still counted). */
  eventsDropped = 0;
  /** Visits (clicks and bots) written. */
  written = 0;
  /** Batches written so far, and the write under way: a reader of the stored totals checks both around its read. */
  writes = 0;
  private writing: Promise<void> | undefined;
  /** Sees every visit first (link.clicked webhooks); must return at once. */
  listener: ((v: Visit) => void) | null = null;
  private readonly intervalMs: number;
  private readonly maxRecords: number;
  private readonly maxCells: number;
  private readonly maxEvents: number;

  constructor(
    private readonly store: ClicksRepository,
    private readonly log: ClickLogger,
    opts: ClickRecorderOptions = {},
  ) {
    this.intervalMs = opts.intervalMs ?? 1000;
    this.maxRecords = opts.maxRecords ?? 200_000;
    this.maxCells = opts.maxCells ?? 500_000;
    this.maxEvents = opts.maxEvents ?? 200_000;
  }

  /** Visits counted and not written yet. */
  get queued(): number {
    return this.records.length + this.tally.visits + (this.pending?.visits ?? 0);
  }

  /**
   * The hot path: one record, no lookup. Past `maxRecords` waiting (the store slow or unreachable),
   * visits are counted in counters until the next flush takes them; at the bound on counters a visit
   * is still counted when it only adds to a counter already held, and one that needs a new counter (a
   * new link-hour or combination) is dropped and counted in `dropped`.
   */
  count(v: Visit): void {
    this.listener?.(v);
    const key = visitKey(v);
    if (this.tally.visits === 0 && this.records.length < this.maxRecords)
      this.records.push(v.atMs, v.linkId, v.workspaceId, key, !v.visitor.bot && this.takesEvent());
    else this.countHere(v, key);
  }

  /** Whether one more click event may wait (else it is dropped and counted; its click still counts). */
  private takesEvent(): boolean {
    if (this.maxEvents === 0) return false;
    if (this.records.eventCount + this.events.length < this.maxEvents) return true;
    this.eventsDropped++;
    return false;
  }

  private countHere(v: Visit, key: string): void {
    const full = this.tally.cells + (this.pending?.cells ?? 0) >= this.maxCells;
    if (full && !this.tally.holds(v.linkId, v.atMs - (v.atMs % HOUR_MS), key)) {
      this.dropped++;
      return;
    }
    this.tally.add(v.linkId, v.workspaceId, v.atMs, key);
    if (!v.visitor.bot && this.takesEvent()) this.events.push(v.atMs, v.linkId, v.workspaceId, key);
  }

  /** Whether anything counted waits to be written (or failed to be). */
  private get holding(): boolean {
    return this.pending !== null || this.records.length > 0 || this.tally.size > 0 || this.events.length > 0;
  }

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  /** One timer turn: write, then the store's upkeep; turns never overlap. */
  private tick(): Promise<void> {
    this.ticking ??= (async () => {
      try {
        await this.flush();
        this.failingSince = 0;
      } catch (e) {
        this.warn(e, 'could not write clicks; counting on in memory');
      }
      try {
        await this.store.maintain();
      } catch (e) {
        this.warn(e, 'click store upkeep failed; will retry');
      }
      this.ticking = undefined;
    })();
    return this.ticking;
  }

  /** Log a failure once, then at most once a minute while it lasts. */
  private warn(err: unknown, msg: string): void {
    const now = Date.now();
    if (this.failingSince !== 0 && now - this.failingSince < 60_000) return;
    this.failingSince = now;
    this.log.warn({ err, queued: this.queued, dropped: this.dropped }, msg);
  }

  /** Write the failed batch again, else what was counted since the last write. Throws when the store refuses. */
  async flush(): Promise<void> {
    if (!this.pending) {
      if (!this.holding) return;
      const visits = this.records.length > 0 ? this.records.take() : undefined;
      const batch: ClickBatch = { hours: this.tally.hours(), events: this.events.take(), ...(visits ? { visits } : {}) };
      this.pending = { batch, cells: this.tally.cells, visits: this.tally.visits + (visits?.at.length ?? 0) };
      this.tally = new HourTally();
    }
    const p = this.pending;
    const write = this.store.record(p.batch);
    this.writing = write.then(
      () => undefined,
      () => undefined,
    );
    try {
      await write;
    } finally {
      this.writing = undefined;
    }
    this.pending = null;
    this.written += p.visits;
    this.writes++;
  }

  /** Whether a write is under way, and a promise that settles when it has. */
  get busy(): boolean {
    return this.writing !== undefined;
  }
  idle(): Promise<void> {
    return this.writing ?? Promise.resolve();
  }

  /** Clicks of one link counted here and not written yet (including a batch whose write failed). */
  unwritten(linkId: string): number {
    const held = this.records.peek();
    let n = clicksIn(held.records, linkId, held.count) + this.tally.clicksOf(linkId) + clicksIn(this.pending?.batch.visits, linkId);
    for (const h of this.pending?.batch.hours ?? []) if (h.linkId === linkId) n += h.clicks;
    return n;
  }

  /** Stop the timer, write what is left (a few tries), and hand the store's writer slot back. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
    for (let tries = 0; tries < 3 && this.holding; tries++) {
      await this.flush().catch((e: unknown) => this.log.warn({ err: e, queued: this.queued }, 'could not write clicks at stop'));
    }
    await this.store.release().catch(() => undefined);
  }
}
