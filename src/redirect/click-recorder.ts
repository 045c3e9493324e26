import { addCount, type ClickBatch, type ClickDimension, type ClicksRepository, HOUR_MS, type HourCounts } from '../storage/clicks/repository.js';
import type { Visitor } from './user-agent.js';

export interface ClickRecorderOptions {
  /** How often counts are written (and no more often). */
  intervalMs?: number;
  /** At most this many distinct counters are held (waiting and being written); past it visits are dropped and counted. */
  maxCells?: number;
}

export interface ClickLogger {
  warn(obj: object, msg?: string): void;
}

/** One visit, as the redirect hands it over. */
export interface Visit {
  linkId: string;
  workspaceId: string;
  atMs: number;
  visitor: Visitor;
  country: string | null;
  referrer: string | null;
  /** The URL of the A/B variant the visit went to, or null (analytics' `variants` dimension). */
  variant?: string | null;
}

/** Whether a link-hour has a counter for this dimension value. */
function holds(h: HourCounts, dim: ClickDimension, value: string): boolean {
  const c = h.counts;
  for (let i = 0; i < c.length; i += 3) if (c[i] === dim && c[i + 1] === value) return true;
  return false;
}

/**
 * Clicks leave the request path as counters (docs/adr/0016): `count` only adds to in-memory
 * per-link, per-hour counters; a timer writes them at most once a second. A failed write is kept
 * and retried as it was (the store never counts one batch twice) while new visits keep counting,
 * within a bound on the counters held. `stop()` writes what is left, so a clean stop loses nothing.
 */
export class ClickRecorder {
  /** The current hour's counters of each link... */
  private current = new Map<string, HourCounts>();
  /** ...and any other hour's, by `${linkId}|${hour}` (around the turn of an hour). */
  private other = new Map<string, HourCounts>();
  private cells = 0;
  private visits = 0;
  /** The batch being written, or whose write failed. */
  private pending: { batch: ClickBatch; cells: number; visits: number } | null = null;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private failingSince = 0;
  /** Visits dropped because the bound was reached (the store was unreachable for long). */
  dropped = 0;
  /** Visits (clicks and bots) written. */
  written = 0;
  /** Batches written so far, and the write under way: a reader of the stored totals checks both around its read. */
  writes = 0;
  private writing: Promise<void> | undefined;
  /** Sees every visit first (link.clicked webhooks); must return at once. */
  listener: ((v: Visit) => void) | null = null;
  private readonly intervalMs: number;
  private readonly maxCells: number;

  constructor(
    private readonly store: ClicksRepository,
    private readonly log: ClickLogger,
    opts: ClickRecorderOptions = {},
  ) {
    this.intervalMs = opts.intervalMs ?? 1000;
    this.maxCells = opts.maxCells ?? 500_000;
  }

  /** Visits counted and not written yet. */
  get queued(): number {
    return this.visits + (this.pending?.visits ?? 0);
  }

  /**
   * The hot path: a few map updates, nothing else. At the bound (the store unreachable for long), a
   * visit is still counted when it only adds to counters already held; one that needs a new counter
   * (a new link-hour, country, referrer...) is dropped and counted in `dropped`.
   */
  count(v: Visit): void {
    this.listener?.(v);
    if (this.cells + (this.pending?.cells ?? 0) >= this.maxCells && !this.fits(v)) {
      this.dropped++;
      return;
    }
    const hour = v.atMs - (v.atMs % HOUR_MS);
    let h = this.current.get(v.linkId);
    if (h === undefined || h.hour !== hour) h = this.hourCounts(v.linkId, v.workspaceId, hour, h);
    this.visits++;
    const who = v.visitor;
    if (who.bot) {
      h.bots++;
      return;
    }
    h.clicks++;
    this.add(h, 'device', who.device);
    if (who.browser !== null) this.add(h, 'browser', who.browser);
    if (who.os !== null) this.add(h, 'os', who.os);
    if (v.country !== null) this.add(h, 'country', v.country);
    if (v.referrer !== null) this.add(h, 'referrer', v.referrer);
  }

  /** Whether every counter this visit adds to is held already (so counting it takes no memory). */
  private fits(v: Visit): boolean {
    const h = this.current.get(v.linkId);
    if (h === undefined || h.hour !== v.atMs - (v.atMs % HOUR_MS)) return false;
    const who = v.visitor;
    if (who.bot) return true;
    const needed: [ClickDimension, string | null][] = [
      ['device', who.device],
      ['browser', who.browser],
      ['os', who.os],
      ['country', v.country],
      ['referrer', v.referrer],
    ];
    return needed.every(([dim, value]) => value === null || holds(h, dim, value));
  }

  private hourCounts(linkId: string, workspaceId: string, hour: number, previous: HourCounts | undefined): HourCounts {
    if (previous) this.other.set(`${linkId}|${previous.hour}`, previous);
    const key = `${linkId}|${hour}`;
    let h = this.other.get(key);
    if (h) this.other.delete(key);
    else {
      h = { linkId, workspaceId, hour, clicks: 0, bots: 0, counts: [] };
      this.cells++;
    }
    this.current.set(linkId, h);
    return h;
  }

  private add(h: HourCounts, dim: ClickDimension, value: string): void {
    if (addCount(h, dim, value)) this.cells++;
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
      if (this.current.size === 0 && this.other.size === 0) return;
      const hours = [...this.current.values(), ...this.other.values()];
      this.pending = { batch: { hours }, cells: this.cells, visits: this.visits };
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
    for (let tries = 0; tries < 3 && (this.pending || this.current.size > 0 || this.other.size > 0); tries++) {
      await this.flush().catch((e: unknown) => this.log.warn({ err: e, queued: this.queued }, 'could not write clicks at stop'));
    }
    await this.store.release().catch(() => undefined);
  }
}
