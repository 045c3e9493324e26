import { randomBytes } from 'node:crypto';
import { type Clock, DAY_MS, systemClock } from '../../domain/clock.js';
import type { SqliteConnection } from '../sqlite/connection.js';
import { flushChunks } from './flush-chunks.js';
import { transferOf } from './flush-wire.js';
import type {
  ClickAnswer,
  ClickBatch,
  ClickQuery,
  ClickStoreOptions,
  ClicksRepository,
  ClickTotals,
  EventPage,
  EventQuery,
  TagSyncScope,
} from './repository.js';
import { SqliteReaderPool } from './sqlite-readers.js';
import { SqliteClickReads } from './sqlite-source.js';
import type { SyncStep } from './sqlite-tag-sync.js';
import { runWrite, SqliteClickWriter, type WriteJob } from './sqlite-writer.js';
import { type ClickWriterOps, clickWriter } from './sqlite-writes.js';
import { visitChunks, visitTransfer } from './visit-wire.js';
import { CLICK_WRITER_NICE } from './writer-priority.js';

export interface SqliteClicksOptions extends ClickStoreOptions {
  /** Steps of nice the click writer thread runs below the process (default CLICK_WRITER_NICE, 0: the same). */
  writerNice?: number;
  /** Told once when the writer thread's priority could not be lowered. */
  log?: { debug?(obj: object, msg: string): void };
}

/** Links of earlier versions' rollups moved per writer job (each link one transaction). */
const MIGRATE_LINKS = 50;
/**
 * Windows of the deleted links' events purge per writer job (each window one transaction over 5,000
 * events), and per maintenance turn: flushes queued meanwhile run between jobs, and a purge longer
 * than a turn's share goes on at the next turn (its position is kept).
 */
const PURGE_JOB = 4;
const PURGE_TURN = 200;

/**
 * Clicks in the embedded store (docs/adr/0092): open hours in `click_open`, closed ones in day and
 * month sheets per link and per domain, combinations in `click_combos`, events in `click_events`.
 * One process writes them, so read-add-write is exact. A file database is written by a worker
 * thread (its own connection) and read by a small pool of read-only threads; `:memory:` exists only
 * on this connection, so there the same writes and reads run inline.
 */
export class SqliteClicks implements ClicksRepository {
  private readonly writer: SqliteClickWriter | undefined;
  private readonly readers: SqliteReaderPool | undefined;
  /** Prepared on first use (the tables exist once the migrations have run). */
  private inlineWriter: ClickWriterOps | undefined;
  private inlineReads: SqliteClickReads | undefined;
  private readonly name = `${process.pid}.${randomBytes(4).toString('hex')}`;
  private seq = 0;
  private lastClose = Number.NEGATIVE_INFINITY;
  private readonly eventDays: number;

  constructor(
    private readonly conn: SqliteConnection,
    private readonly clock: Clock = systemClock,
    opts: SqliteClicksOptions = {},
  ) {
    this.eventDays = opts.eventDays ?? 90;
    // Threads run the compiled modules; from TypeScript sources (the test runner) everything runs inline.
    if (conn.gate && import.meta.url.endsWith('.js')) {
      this.writer = new SqliteClickWriter(conn.path, conn.gate, opts.writerNice ?? CLICK_WRITER_NICE, (why) =>
        opts.log?.debug?.({ why }, 'the click writer thread runs at the process priority'),
      );
      this.readers = new SqliteReaderPool(conn.path);
    }
  }

  private write<T>(job: WriteJob, transfer?: ArrayBuffer[]): Promise<T> {
    if (this.writer) return this.writer.send<T>(job, transfer);
    this.inlineWriter ??= clickWriter(this.conn);
    try {
      return Promise.resolve(runWrite(this.inlineWriter, job) as T);
    } catch (e) {
      return Promise.reject(e); // as the thread answers: a failed job is a rejected promise, never a throw
    }
  }

  private reads(): SqliteClickReads {
    this.inlineReads ??= new SqliteClickReads(this.conn);
    return this.inlineReads;
  }

  /**
   * Move the rollups of earlier versions into the sheets (restartable: resumes with the links left).
   * At start, before anything is served, on this connection.
   */
  async init(): Promise<void> {
    const ops = clickWriter(this.conn);
    while (ops.migrateLegacy(MIGRATE_LINKS)) await new Promise((r) => setImmediate(r));
    // Tag sheets of links tagged before they existed (docs/adr/0098): restartable, each part one transaction.
    for (let after: string | null = ''; after !== null; await new Promise((r) => setImmediate(r))) after = ops.syncTags(null, undefined, after).next;
  }

  async syncTags(workspaceId: string, only?: TagSyncScope): Promise<number> {
    let moved = 0;
    // Step by step, so that flushes and closings run between them.
    for (let after: string | null = ''; after !== null; ) {
      const step: SyncStep = await this.write<SyncStep>({ op: 'syncTags', args: [workspaceId, only, after] });
      moved += step.moved;
      after = step.next;
    }
    return moved;
  }

  async record(batch: ClickBatch): Promise<void> {
    const visits = batch.visits?.at.length ?? 0;
    if (batch.hours.length === 0 && batch.events.length === 0 && visits === 0) return;
    // A retried batch keeps its id: the chunks applied before are skipped (click_flushes).
    batch.stamp ??= { writer: this.name, seq: ++this.seq };
    const id = `${batch.stamp.writer}.${batch.stamp.seq}`;
    // Each chunk goes to the writer as soon as it is encoded (it takes one while the next is
    // encoded); every chunk is sent even after one fails, and the first failure is thrown.
    const sent: Promise<unknown>[] = [];
    const send = (job: WriteJob, transfer: ArrayBuffer[]) =>
      sent.push(
        this.write(job, transfer).then(
          () => null,
          (e: unknown) => e ?? new Error('click write failed'),
        ),
      );
    // Visit records: the writer counts their link-hours (docs/adr/0196).
    if (visits > 0)
      for await (const chunk of visitChunks(id, batch.visits!, this.eventDays > 0)) send({ op: 'flushVisits', args: [chunk] }, visitTransfer(chunk));
    const events = this.eventDays > 0 ? batch.events : [];
    for await (const chunk of flushChunks(id, batch.hours, events)) send({ op: 'flush', args: [[chunk]] }, transferOf(chunk));
    const failed = (await Promise.all(sent)).find((e) => e !== null);
    if (failed !== undefined) throw failed;
  }

  async totals(workspaceId: string, linkIds: readonly string[]): Promise<Map<string, ClickTotals>> {
    return this.reads().totals(workspaceId, linkIds);
  }

  query(q: ClickQuery): Promise<ClickAnswer> {
    return this.readers ? this.readers.run({ op: 'query', arg: q }) : this.reads().query(q);
  }

  events(q: EventQuery): Promise<EventPage> {
    return this.readers ? this.readers.run({ op: 'events', arg: q }) : this.reads().events(q);
  }

  async forget(workspaceId: string, linkId: string): Promise<void> {
    await this.write({ op: 'forget', args: [workspaceId, linkId] });
  }

  async forgetWorkspace(workspaceId: string): Promise<void> {
    await this.write({ op: 'forgetWorkspace', args: [workspaceId] });
  }

  /** Close the hours before the previous one and sweep expired events (at most once a minute). */
  async maintain(): Promise<void> {
    const now = this.clock.now().getTime();
    if (now - this.lastClose < 60_000 && now >= this.lastClose) return;
    this.lastClose = now;
    await this.write({ op: 'closeHours', args: [now] });
    // A tag change whose sync did not run (a crash between the two) is caught up here.
    for (let after: string | null = ''; after !== null; ) after = (await this.write<SyncStep>({ op: 'syncTags', args: [null, undefined, after] })).next;
    await this.write({ op: 'sweepEvents', args: [now - this.eventDays * DAY_MS] });
    // Deleted links' events, a pass over each workspace's events per batch of links (docs/adr/0092).
    for (let i = 0; i < PURGE_TURN && (await this.write<boolean>({ op: 'purgeEvents', args: [PURGE_JOB] })); i += PURGE_JOB);
    // A workspace deletion cut short (a crash) is finished here.
    await this.write({ op: 'resumeForgets', args: [] });
  }

  async release(): Promise<void> {}

  /** Stop the writer and reader threads (the connection is closed by its owner). */
  async close(): Promise<void> {
    await this.readers?.close();
    await this.writer?.close();
  }
}
