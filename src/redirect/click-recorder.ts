import type { Click } from '../domain/model.js';
import type { Store } from '../storage/store.js';

export interface ClickRecorderOptions {
  /** Flush when this many clicks are queued. */
  batchSize?: number;
  /** ...or after this long. */
  intervalMs?: number;
  /** At most this many waiting; past it the oldest are dropped (and counted). */
  maxQueued?: number;
}

export interface ClickLogger {
  warn(obj: object, msg?: string): void;
}

/**
 * Clicks leave the request path: `record` only pushes to an in-memory queue; a timer (or a full
 * batch) writes them in one store call. If the store is down the queue keeps the newest clicks up
 * to its bound; the redirect never waits on it. `stop()` flushes, so a clean shutdown loses nothing.
 */
export class ClickRecorder {
  private queue: Click[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  dropped = 0;
  written = 0;
  private readonly batchSize: number;
  private readonly intervalMs: number;
  private readonly maxQueued: number;

  constructor(
    private readonly store: Store,
    private readonly log: ClickLogger,
    opts: ClickRecorderOptions = {},
  ) {
    this.batchSize = opts.batchSize ?? 1000;
    this.intervalMs = opts.intervalMs ?? 1000;
    this.maxQueued = opts.maxQueued ?? 100_000;
  }

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  get queued(): number {
    return this.queue.length;
  }

  record(click: Click): void {
    if (this.queue.length >= this.maxQueued) {
      this.queue.shift();
      this.dropped++;
    }
    this.queue.push(click);
    if (this.queue.length >= this.batchSize && !this.flushing) void this.flush();
  }

  /** Write what is queued (one batch at a time). */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.queue.length === 0) return Promise.resolve();
    const batch = this.queue.splice(0, this.batchSize);
    this.flushing = this.store
      .recordClicks(batch)
      .then(
        () => {
          this.written += batch.length;
        },
        (e: unknown) => {
          // Put them back in front, within the bound (the oldest go first).
          const room = Math.max(0, this.maxQueued - this.queue.length);
          const back = batch.slice(Math.max(0, batch.length - room));
          this.dropped += batch.length - back.length;
          this.queue.unshift(...back);
          this.log.warn({ err: e, queued: this.queue.length }, 'could not write clicks; will retry');
        },
      )
      .finally(() => {
        this.flushing = undefined;
      });
    return this.flushing;
  }

  /** Stop the timer and write everything still queued (best effort, bounded tries). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    for (let tries = 0; this.queue.length > 0 && tries < 20; tries++) await this.flush();
    if (this.flushing) await this.flushing;
  }
}
