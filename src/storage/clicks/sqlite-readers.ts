import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { StoreUnavailable } from '../errors.js';
import { StoreCursorError } from './repository.js';
import { CLICK_THREAD_LIMITS } from './thread-limits.js';

/** One read job: a method of SqliteClickReads and its argument. */
export interface ReadJob {
  op: 'query' | 'events';
  arg: unknown;
}

interface Reply {
  id: number;
  result?: unknown;
  error?: { message: string; cursor?: boolean };
}

interface Waiting {
  id: number;
  job: ReadJob;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

/** Reads waiting for a thread; past this, a read is refused as unavailable (503) rather than queued without end. */
const QUEUE_MAX = 256;

/**
 * Analytics reads off the event loop (docs/adr/0092): a small, fixed pool of worker threads, each
 * with its own read-only connection to the database file. A year-long filtered read takes up to a
 * couple of seconds of a thread, never of the loop that answers redirects; read-only connections in
 * WAL mode never block the writer, and the pool is smaller than the machine's cores so a burst of
 * reads leaves the writer thread a core. The threads start with the first read and stop `idleMs`
 * after the last one (each holds a V8 heap and a connection's page cache: tens of MB).
 */
export class SqliteReaderPool {
  private readonly idle: Worker[] = [];
  private readonly all: Worker[] = [];
  private readonly queue: Waiting[] = [];
  private readonly busy = new Map<Worker, Waiting>();
  private seq = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly path: string,
    readonly size = Math.max(1, Math.min(2, availableParallelism() - 1)),
    private readonly idleMs = 60_000,
  ) {}

  /** Threads running now. */
  get threads(): number {
    return this.all.length;
  }

  run<T>(job: ReadJob): Promise<T> {
    return new Promise((resolve, reject) => {
      if (this.queue.length >= QUEUE_MAX) {
        reject(new StoreUnavailable(new Error('too many analytics reads waiting')));
        return;
      }
      this.queue.push({ id: ++this.seq, job, resolve: resolve as (v: unknown) => void, reject });
      this.next();
    });
  }

  private next(): void {
    while (this.queue.length > 0) {
      let w = this.idle.pop();
      if (!w && this.all.length < this.size) w = this.spawn();
      if (!w) return;
      const item = this.queue.shift()!;
      this.busy.set(w, item);
      w.postMessage({ id: item.id, job: item.job });
    }
  }

  private spawn(): Worker {
    const w = new Worker(new URL('./sqlite-reader-thread.js', import.meta.url), {
      name: 'click-reader',
      workerData: { path: this.path },
      resourceLimits: CLICK_THREAD_LIMITS,
    });
    w.unref();
    this.all.push(w);
    w.on('message', (m: Reply) => {
      const item = this.busy.get(w);
      this.busy.delete(w);
      this.idle.push(w);
      if (item) {
        if (m.error) item.reject(m.error.cursor ? new StoreCursorError(m.error.message) : new Error(m.error.message));
        else item.resolve(m.result);
      }
      this.next();
      this.stopWhenIdle();
    });
    const gone = (e: Error) => {
      // A crashing thread reports 'error' and then 'exit' (and close() empties the pool first): forget it once.
      const at = this.all.indexOf(w);
      if (at < 0) return;
      const item = this.busy.get(w);
      this.busy.delete(w);
      this.all.splice(at, 1);
      const i = this.idle.indexOf(w);
      if (i >= 0) this.idle.splice(i, 1);
      item?.reject(e);
      this.next();
    };
    w.on('error', gone);
    w.on('exit', () => gone(new Error('an analytics reader thread stopped')));
    return w;
  }

  /** After the last read: stop every thread once `idleMs` pass with no read (a read meanwhile starts the wait again). */
  private stopWhenIdle(): void {
    clearTimeout(this.idleTimer);
    if (this.busy.size > 0 || this.queue.length > 0) return;
    this.idleTimer = setTimeout(() => {
      if (this.busy.size > 0 || this.queue.length > 0) return;
      for (const w of this.idle.splice(0)) {
        this.all.splice(this.all.indexOf(w), 1);
        void w.terminate();
      }
    }, this.idleMs);
    this.idleTimer.unref();
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const workers = [...this.all];
    this.all.length = 0;
    this.idle.length = 0;
    for (const q of this.queue.splice(0)) q.reject(new Error('the reader pool is closed'));
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
