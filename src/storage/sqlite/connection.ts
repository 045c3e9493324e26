import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { StoreConflict } from '../errors.js';
import { GroupCommit } from './group-commit.js';
import { MIGRATIONS } from './migrations.js';
import { plannerParamsUnmarked } from './planner-params.js';
import { MainWrites, mainWaiting, newWriteGate, type WriteGate, writerTurn } from './write-gate.js';

export type Row = Record<string, unknown>;

/**
 * The click writer checkpoints after a transaction once it has made CHECKPOINT_COMMITS since its last
 * checkpoint and that one is CHECKPOINT_MS old (docs/adr/0103): a passive checkpoint, which the event
 * loop's writes do not wait for. A flush's parts of 100 rows then leave the WAL a few hundred pages
 * between two, under the 1,000 at which the event loop's own commit would checkpoint on the loop;
 * many tiny transactions (a tag sync per link created) do not each pay for one.
 */
const CHECKPOINT_COMMITS = 4;
const CHECKPOINT_MS = 20;

export const toDate = (v: unknown): Date => new Date(Number(v));
export const toDateOrNull = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(Number(v)));

/** A unique constraint failure as the StoreConflict naming what collided; null for any other error. */
export function conflictOf(e: unknown): StoreConflict | null {
  const err = e as { code?: string; message?: string };
  if (!err?.code?.startsWith('SQLITE_CONSTRAINT')) return null;
  const m = err.message ?? '';
  if (m.includes('links.external_id')) return new StoreConflict('external_id');
  if (m.includes('links.domain')) return new StoreConflict('alias');
  if (m.includes('domains.host')) return new StoreConflict('host');
  if (m.includes('workspaces.slug')) return new StoreConflict('slug');
  if (m.includes('signing_keys.kid')) return new StoreConflict('kid');
  if (m.includes('users.email_key')) return new StoreConflict('email');
  if (m.includes('memberships.')) return new StoreConflict('member');
  if (m.includes('utm_templates.workspace_id')) return new StoreConflict('name');
  return new StoreConflict('id');
}

/**
 * Which side of the write gate a connection to a file is on (docs/adr/0103): the event loop's
 * (`main`, the default: it makes the gate and counts its writes in it) or the click writer
 * thread's (`writer`: it lets the main thread's writes go first before each of its transactions).
 */
export type ConnectionSide = { side: 'main' } | { side: 'writer'; gate: WriteGate };

/**
 * The one connection every SQLite repository shares: a file in WAL mode (or `:memory:`), its
 * prepared statements, one transaction wrapper, and the versioned migrations.
 */
export class SqliteConnection {
  readonly db: Database.Database;
  /** The write gate shared with the click writer thread (file databases only). */
  readonly gate: WriteGate | undefined;
  private readonly mainWrites: MainWrites | undefined;
  private readonly writerGate: WriteGate | undefined;
  /** When the writer last checkpointed (performance.now()), and its transactions since. */
  private checkpointed = 0;
  private commits = 0;
  private readonly statements = new Map<string, Database.Statement>();
  /** Small writes of concurrent requests, committed together (group-commit.ts). */
  readonly grouped = new GroupCommit((fn) => this.tx(fn));
  /** One wrapper for every transaction (a new wrapper would prepare BEGIN/COMMIT again). */
  private readonly txWrapper: Database.Transaction<(fn: () => unknown) => unknown>;

  constructor(
    readonly path: string,
    side: ConnectionSide = { side: 'main' },
  ) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    // SQLite's lower() folds ASCII only; `q` must match case-insensitively in any script.
    this.db.function('lsk_lower', { deterministic: true }, (v: unknown) => String(v ?? '').toLowerCase());
    // Adds two JSON objects of counts key by key (the dimensions of an open click hour).
    this.db.function('lsk_add_counts', { deterministic: true }, (a: unknown, b: unknown) => {
      const sum = JSON.parse(String(a)) as Record<string, number>;
      for (const [k, n] of Object.entries(JSON.parse(String(b)) as Record<string, number>)) sum[k] = (sum[k] ?? 0) + n;
      return JSON.stringify(sum);
    });
    this.txWrapper = this.db.transaction((fn: () => unknown) => fn());
    if (path === ':memory:') return;
    if (side.side === 'writer') {
      this.writerGate = side.gate;
      // Checkpoints run after its transactions, outside the gate (below): one run by a commit would
      // hold the gate, and the event loop's writes with it, for as long as copying the WAL back takes.
      this.db.pragma('wal_autocheckpoint = 0');
    } else {
      this.gate = newWriteGate();
      this.mainWrites = new MainWrites(this.gate);
    }
  }

  /**
   * On the click writer thread's connection, inside a transaction: whether the event loop is waiting
   * to write (docs/adr/0103). Transactions made of steps end at the next step when it is.
   */
  othersWaiting(): boolean {
    return this.writerGate !== undefined && mainWaiting(this.writerGate);
  }

  /** Prepared once, reused: preparing is a large part of a small query's cost. */
  stmt(sql: string): Database.Statement {
    let st = this.statements.get(sql);
    if (!st) {
      st = this.db.prepare(plannerParamsUnmarked(sql));
      if (this.mainWrites && !st.readonly) countedWrites(st, this.mainWrites);
      this.statements.set(sql, st);
    }
    return st;
  }

  /**
   * Run `fn` in a transaction (a savepoint when one is already open). BEGIN IMMEDIATE: the write lock
   * is taken first, waiting up to busy_timeout. A deferred transaction that reads, then writes after
   * another connection (the click writer thread) committed, fails at once with "database is locked"
   * (its snapshot is stale; SQLite does not wait then).
   */
  tx<T>(fn: () => T): T {
    if (this.mainWrites) return this.mainWrites.run(() => this.txWrapper.immediate(fn) as T);
    if (this.writerGate && !this.db.inTransaction) {
      const out = writerTurn(this.writerGate, () => this.txWrapper.immediate(fn) as T);
      const now = performance.now();
      if (++this.commits >= CHECKPOINT_COMMITS && now - this.checkpointed >= CHECKPOINT_MS) {
        this.db.pragma('wal_checkpoint(PASSIVE)');
        this.checkpointed = now;
        this.commits = 0;
      }
      return out;
    }
    return this.txWrapper.immediate(fn) as T;
  }

  /** Apply the migrations not applied yet; PRAGMA user_version records the last one. */
  migrate(): void {
    const current = Number(this.db.pragma('user_version', { simple: true }));
    for (let v = current; v < MIGRATIONS.length; v++) {
      this.tx(() => {
        this.db.exec(MIGRATIONS[v]!);
        this.db.pragma(`user_version = ${v + 1}`);
      });
    }
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

/** A main-thread statement that writes counts in the gate while it runs. */
function countedWrites(st: Database.Statement, writes: MainWrites): void {
  const target = st as unknown as Record<'run' | 'get' | 'all', (...a: unknown[]) => unknown>;
  for (const m of ['run', 'get', 'all'] as const) {
    const call = target[m].bind(st);
    target[m] = (...a: unknown[]) => writes.run(() => call(...a));
  }
}
