import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { SqliteConnection } from '../sqlite/connection.js';
import { type WriteGate, writerGone } from '../sqlite/write-gate.js';
import type { FlushChunk } from './flush-wire.js';
import type { TagSyncScope } from './repository.js';
import { type ClickWriterOps, clickWriter } from './sqlite-writes.js';
import { CLICK_THREAD_LIMITS } from './thread-limits.js';
import type { VisitChunk } from './visit-wire.js';
import { lowerThreadPriority } from './writer-priority.js';

/** One write job: a method of ClickWriterOps and its arguments. */
export type WriteJob =
  | { op: 'flush'; args: [FlushChunk[]] }
  | { op: 'flushVisits'; args: [VisitChunk] }
  | { op: 'closeHours'; args: [number] }
  | { op: 'forget'; args: [string, string] }
  | { op: 'forgetWorkspace'; args: [string] }
  | { op: 'sweepEvents'; args: [number] }
  | { op: 'purgeEvents'; args: [number] }
  | { op: 'resumeForgets'; args: [] }
  | { op: 'syncTags'; args: [string | null, TagSyncScope | undefined, string] };

interface Reply {
  id: number;
  result?: unknown;
  error?: string;
  /** Sent once at the thread's start (id 0) when its priority could not be lowered: why. */
  priority?: string;
}

/** Run a job on a connection's writer (the thread's, or the main one's for `:memory:`). */
export function runWrite(ops: ClickWriterOps, job: WriteJob): unknown {
  return (ops[job.op] as (...a: unknown[]) => unknown)(...job.args);
}

/**
 * Click writes made by a worker thread with its own connection to the same file (WAL lets it write
 * beside the main connection), so a large flush or closing never stalls the event loop that answers
 * redirects. Jobs run one at a time, in order.
 */
export class SqliteClickWriter {
  private worker: Worker | undefined;
  private seq = 0;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  /**
   * `nice`: steps of nice the thread runs below the process (docs/adr/0203); `onPriority` hears once
   * why it could not (the writer then runs at the process's priority).
   */
  constructor(
    private readonly path: string,
    private readonly gate: WriteGate,
    private readonly nice = 0,
    private readonly onPriority?: (why: string) => void,
  ) {}

  /** Queue a job; `transfer` lists buffers of the job handed over to the thread (no longer usable here). */
  send<T>(job: WriteJob, transfer: ArrayBuffer[] = []): Promise<T> {
    if (!this.worker) this.start();
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker!.postMessage({ id, job }, transfer);
    });
  }

  private start(): void {
    // Named: the thread shows as `click-writer` in /proc/PID/task/*/comm (the bench reports its CPU).
    const worker = new Worker(new URL(import.meta.url), {
      name: 'click-writer',
      workerData: { path: this.path, gate: this.gate, nice: this.nice },
      resourceLimits: CLICK_THREAD_LIMITS,
    });
    worker.unref();
    worker.on('message', (m: Reply) => {
      if (m.priority !== undefined) return this.onPriority?.(m.priority);
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.error) p?.reject(new Error(m.error));
      else p?.resolve(m.result);
    });
    worker.on('error', (e) => this.failAll(e));
    worker.on('exit', () => {
      writerGone(this.gate);
      this.failAll(new Error('the click writer thread stopped'));
      this.worker = undefined;
    });
    this.worker = worker;
  }

  private failAll(e: Error): void {
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    if (w) await w.terminate();
  }
}

if (!isMainThread && parentPort && (workerData as { path?: string; reader?: boolean } | null)?.path && !(workerData as { reader?: boolean }).reader) {
  const { path, gate, nice } = workerData as { path: string; gate: WriteGate; nice: number };
  const port = parentPort;
  const why = lowerThreadPriority(nice);
  if (why !== null) port.postMessage({ id: 0, priority: why } satisfies Reply);
  const ops = clickWriter(new SqliteConnection(path, { side: 'writer', gate }));
  port.on('message', ({ id, job }: { id: number; job: WriteJob }) => {
    try {
      port.postMessage({ id, result: runWrite(ops, job) } satisfies Reply);
    } catch (e) {
      port.postMessage({ id, error: (e as Error).message } satisfies Reply);
    }
  });
}
