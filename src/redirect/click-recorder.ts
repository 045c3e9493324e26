import type { ClickBatch, ClicksRepository } from '../storage/clicks/repository.js';
import { HOUR_MS } from '../storage/clicks/repository.js';
import { LinkHour } from './link-hour.js';
import { type Visit, visitKey } from './visit-key.js';
import { WaitingEvents } from './waiting-events.js';

export type { Visit } from './visit-key.js';

export interface ClickRecorderOptions {
  /** How often counts are written (and no more often). */
  intervalMs?: number;
  /** At most this many distinct counters are held (waiting and being written); past it visits are dropped and counted. */
  maxCells?: number;
  /** At most this many events wait to be written; past it events are dropped (the counts still count). 0: no events. */
  maxEvents?: number;
}

export interface ClickLogger {
  warn(obj: object, msg?: string): void;
}

/**
 * Clicks leave the request path as counters (docs/adr/0016, 0092): `count` only adds to in-memory
 * per-link, per-hour counts by combination (and keeps people's clicks as events); a timer writes them
 * at most once a second. A failed write is kept and retried as it was (the store never counts one
 * batch twice) while new visits keep counting, within bounds on what is held. `stop()` writes what is
 * left, so a clean stop loses nothing.
 */
export class ClickRecorder {
  /** The current hour's counters of each link... */
  private current = new Map<string, LinkHour>();
  /** ...and any other hour's, by `${linkId}|${hour}` (around the turn of an hour). */
  private other = new Map<string, LinkHour>();
  private readonly events = new WaitingEvents();
  private cells = 0;
  private visits = 0;
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
  private readonly maxCells: number;
  private readonly maxEvents: number;

  constructor(
    private readonly store: ClicksRepository,
    private readonly log: ClickLogger,
    opts: ClickRecorderOptions = {},
  ) {
    this.intervalMs = opts.intervalMs ?? 1000;
    this.maxCells = opts.maxCells ?? 500_000;
    this.maxEvents = opts.maxEvents ?? 200_000;
  }

  /** Visits counted and not written yet. */
  get queued(): number {
    return this.visits + (this.pending?.visits ?? 0);
  }

  /**
   * The hot path: a key and a few map updates. At the bound (the store unreachable for long), a
   * visit is still counted when it only adds to a counter already held; one that needs a new counter
   * (a new link-hour or combination) is dropped and counted in `dropped`.
   */
  count(v: Visit): void {
    this.listener?.(v);
    const hour = v.atMs - (v.atMs % HOUR_MS);
    const key = visitKey(v);
    let h = this.current.get(v.linkId);
    const full = this.cells + (this.pending?.cells ?? 0) >= this.maxCells;
    if (full && (h === undefined || h.hour !== hour || !h.has(key))) {
      this.dropped++;
      return;
    }
    if (h === undefined || h.hour !== hour) h = this.hourCounts(v.linkId, v.workspaceId, hour, h);
    this.visits++;
    if (h.add(key)) this.cells++;
    if (v.visitor.bot) {
      h.bots++;
      return;
    }
    h.clicks++;
    if (this.maxEvents === 0) return;
    if (this.events.length >= this.maxEvents) this.eventsDropped++;
    else this.events.push(v.atMs, v.linkId, v.workspaceId, key);
  }

  private hourCounts(linkId: string, workspaceId: string, hour: number, previous: LinkHour | undefined): LinkHour {
    if (previous) this.other.set(`${linkId}|${previous.hour}`, previous);
    let h: LinkHour | undefined;
    // Other hours are held only around the turn of an hour: the usual new link-hour skips the lookup.
    if (this.other.size > 0) {
      const key = `${linkId}|${hour}`;
      h = this.other.get(key);
      if (h) this.other.delete(key);
    }
    if (!h) {
      h = new LinkHour(linkId, workspaceId, hour);
      this.cells++;
    }
    this.current.set(linkId, h);
    return h;
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
      if (this.current.size === 0 && this.other.size === 0 && this.events.length === 0) return;
      const hours = [...this.current.values(), ...this.other.values()];
      this.pending = { batch: { hours, events: this.events.take() }, cells: this.cells, visits: this.visits };
      this.current = new Map();
      this.other = new Map();
      this.cells = 0;
      this.visits = 0;
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
    let n = this.current.get(linkId)?.clicks ?? 0;
    for (const h of this.other.values()) if (h.linkId === linkId) n += h.clicks;
    for (const h of this.pending?.batch.hours ?? []) if (h.linkId === linkId) n += h.clicks;
    return n;
  }

  /** Stop the timer, write what is left (a few tries), and hand the store's writer slot back. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
    for (let tries = 0; tries < 3 && (this.pending || this.current.size > 0 || this.other.size > 0 || this.events.length > 0); tries++) {
      await this.flush().catch((e: unknown) => this.log.warn({ err: e, queued: this.queued }, 'could not write clicks at stop'));
    }
    await this.store.release().catch(() => undefined);
  }
}
