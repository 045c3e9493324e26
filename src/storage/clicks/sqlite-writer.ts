import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { SqliteConnection } from '../sqlite/connection.js';
import { clickWriter, type FlushChunk } from './sqlite-rows.js';

type Job = { chunks: FlushChunk[] } | { closeBefore: number };

interface Reply {
  id: number;
  error?: string;
}

/**
 * Click writes made by a worker thread with its own connection to the same file (WAL lets it write
 * beside the main connection), so a large flush never stalls the event loop that answers redirects.
 */
export class SqliteClickWriter {
  private worker: Worker | undefined;
  private seq = 0;
  private readonly pending = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();

  constructor(private readonly path: string) {}

  flush(chunks: FlushChunk[]): Promise<void> {
    return this.send({ chunks });
  }

  closeHours(nowMs: number): Promise<void> {
    return this.send({ closeBefore: nowMs });
  }

  private send(job: Job): Promise<void> {
    if (!this.worker) this.start();
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker!.postMessage({ id, job });
    });
  }

  private start(): void {
    const worker = new Worker(new URL(import.meta.url), { workerData: { path: this.path } });
    worker.unref();
    worker.on('message', (m: Reply) => {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.error) p?.reject(new Error(m.error));
      else p?.resolve();
    });
    worker.on('error', (e) => this.failAll(e));
    worker.on('exit', () => {
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

if (!isMainThread && parentPort && (workerData as { path?: string } | null)?.path) {
  const writer = clickWriter(new SqliteConnection((workerData as { path: string }).path));
  const port = parentPort;
  port.on('message', ({ id, job }: { id: number; job: Job }) => {
    try {
      if ('chunks' in job) writer.flush(job.chunks);
      else writer.closeHours(job.closeBefore);
      port.postMessage({ id } satisfies Reply);
    } catch (e) {
      port.postMessage({ id, error: (e as Error).message } satisfies Reply);
    }
  });
}
