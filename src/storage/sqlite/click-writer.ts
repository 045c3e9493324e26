import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { Click } from '../../domain/model.js';

const writers = new WeakMap<Database.Database, (clicks: readonly Click[]) => void>();

/** Insert clicks and bump each counted link's `clicks` in one transaction (statements prepared once per connection). */
export function writeClicks(db: Database.Database, clicks: readonly Click[]): void {
  let write = writers.get(db);
  if (!write) {
    write = clickWriterFor(db);
    writers.set(db, write);
  }
  write(clicks);
}

function clickWriterFor(db: Database.Database): (clicks: readonly Click[]) => void {
  const insert = db.prepare(
    `INSERT INTO clicks (link_id, workspace_id, at, day, country, referrer_host, device, browser, bot)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const bump = db.prepare('UPDATE links SET clicks = clicks + ? WHERE id = ?');
  return db.transaction((clicks: readonly Click[]) => {
    const counted = new Map<string, number>();
    for (const c of clicks) {
      const at = c.at.getTime();
      insert.run(c.linkId, c.workspaceId, at, c.at.toISOString().slice(0, 10), c.country, c.referrerHost, c.device, c.browser, c.bot ? 1 : 0);
      if (!c.bot) counted.set(c.linkId, (counted.get(c.linkId) ?? 0) + 1);
    }
    for (const [id, n] of counted) bump.run(n, id);
  });
}

interface Reply {
  id: number;
  error?: string;
}

/**
 * Click batches written by a worker thread with its own connection (WAL lets it write beside the
 * main connection), so a batch never blocks the event loop that serves redirects.
 */
export class ClickWriter {
  private worker: Worker | undefined;
  private seq = 0;
  private pending = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();

  constructor(private readonly path: string) {}

  write(clicks: readonly Click[]): Promise<void> {
    if (!this.worker) this.start();
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker!.postMessage({ id, clicks });
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
      this.failAll(new Error('click writer stopped'));
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
  const db = new Database((workerData as { path: string }).path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  const port = parentPort;
  port.on('message', (m: { id: number; clicks: Click[] }) => {
    try {
      writeClicks(db, m.clicks);
      port.postMessage({ id: m.id } satisfies Reply);
    } catch (e) {
      port.postMessage({ id: m.id, error: (e as Error).message } satisfies Reply);
    }
  });
}
