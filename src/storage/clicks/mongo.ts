import type { Collection } from 'mongodb';
import { type Clock, DAY_MS } from '../../domain/clock.js';
import type { MongoConnection } from '../mongo/connection.js';
import { CountedVisits } from './counted-visits.js';
import { evaluate } from './engine/evaluate.js';
import { collectEvents } from './engine/events.js';
import { type ClosingSteps, closeSlot, finishClosing } from './mongo-close.js';
import { MongoComboDictionary } from './mongo-combos.js';
import { Compactor } from './mongo-compaction.js';
import { EVENTS, TOTALS, type TotalsDoc } from './mongo-docs.js';
import { FlushBatch } from './mongo-flush-batch.js';
import { foldRawClicks } from './mongo-fold.js';
import { forgetLink, forgetWorkspace } from './mongo-forget.js';
import { moveLegacyRollups } from './mongo-legacy.js';
import { MonthHoursBackfill, type OwnSlot } from './mongo-month-hours-pass.js';
import { announceExisting } from './mongo-sheet-keys.js';
import { splitSheets } from './mongo-sheet-split.js';
import { type Lease, type LeaseTimes, SlotLeases } from './mongo-slots.js';
import { MongoClickSource } from './mongo-source.js';
import { noteTagChange } from './mongo-tag-sync.js';
import { syncWritableSlots, tagUpkeep } from './mongo-tag-upkeep.js';
import { EventParts, writeBatch } from './mongo-write.js';
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
import { HOUR_MS } from './repository.js';

export interface MongoClicksOptions extends ClickStoreOptions {
  /** Writer slots: at most this many instances record clicks at once (default 64). */
  maxSlots?: number;
  leaseTimes?: LeaseTimes;
  /** How often an idle slot is looked for to compact (default 60 s). */
  compactEveryMs?: number;
  /** How often the month-hours backfill looks again at slots other instances held (default 60 s). */
  backfillRetryMs?: number;
  /** Tests only: awaited after each step of a closing (mongo-close.ts), to read between them. */
  closingSteps?: ClosingSteps;
}

/** Sequence numbers of one lease: term-major, so a later term's flushes always count as newer. */
const SEQ_PER_TERM = 1e9;
/** Closings and event sweeps run at most this often. */
const UPKEEP_MS = 60_000;
/** Writer turns of tag moves per upkeep at most (the rest at the next). */
const TAG_TURNS = 16;

/**
 * Clicks on MongoDB without atomic read-modify-write (docs/adr/0017, 0092): this process writes only
 * the documents of the writer slot it leases (open hours, sheets, totals, event documents); reads
 * add up every slot's documents through the same engine as SQLite.
 */
export class MongoClicks implements ClicksRepository {
  private readonly totalsColl: Collection<TotalsDoc>;
  private readonly leases: SlotLeases;
  private readonly compactor: Compactor;
  private readonly dict: MongoComboDictionary;
  private readonly source: MongoClickSource;
  /** Hours of month sheets written before they counted them, filled in the background after start (docs/adr/0099). */
  readonly monthHoursBackfill: MonthHoursBackfill;
  private readonly parts = new EventParts();
  /** Batches of visit records with their link-hours counted, kept while the batch lives (a retry writes the same). */
  private readonly countedBatches = new WeakMap<ClickBatch, FlushBatch>();
  private readonly eventDays: number;
  private readonly closingSteps: ClosingSteps | undefined;
  private lease: Lease | null = null;
  /** A closing of the slot may be unfinished (a lease newly taken, or our closing failed): finished before the next write. */
  private closingLeft = false;
  private seq = 0;
  private lastUpkeep = Number.NEGATIVE_INFINITY;
  /** Writes and upkeep run one at a time: a slot's documents must never see two of our updates at once. */
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly conn: MongoConnection,
    private readonly clock: Clock,
    opts: MongoClicksOptions = {},
  ) {
    this.totalsColl = conn.collection(TOTALS);
    this.leases = new SlotLeases(conn, clock, opts.maxSlots ?? 64, opts.leaseTimes);
    this.dict = new MongoComboDictionary(conn);
    this.source = new MongoClickSource(conn, this.dict);
    this.compactor = new Compactor(
      conn,
      this.leases,
      (slot) => closeSlot(conn, this.dict, slot, this.now() - (this.now() % HOUR_MS) + 2 * HOUR_MS, opts.closingSteps),
      opts.compactEveryMs,
    );
    this.eventDays = opts.eventDays ?? 90;
    this.closingSteps = opts.closingSteps;
    this.monthHoursBackfill = new MonthHoursBackfill(conn, this.leases, () => this.ownSlot(), opts.backfillRetryMs);
  }

  private now(): number {
    return this.clock.now().getTime();
  }

  /**
   * Fold the click documents of the first versions in, move the sheets of earlier versions into
   * collections by kind, grain and month (docs/adr/0239), move the rollups of the second versions into sheets, and register
   * the sheets written before the registry (each once); then start filling the hours of month sheets
   * written before they counted them (in the background).
   */
  async init(): Promise<void> {
    await this.conn.run(() => foldRawClicks(this.conn));
    await splitSheets(this.conn, this.leases);
    await moveLegacyRollups(this.conn, this.leases, this.dict);
    await announceExisting(this.conn);
    this.monthHoursBackfill.start();
  }

  /** The slot this process holds, written between its own writes (the backfill's single-writer rule). */
  private ownSlot(): OwnSlot | null {
    const lease = this.lease;
    if (!lease) return null;
    return {
      slot: lease.slot,
      asWriter: (fn) =>
        this.serial(async () => {
          if (this.lease !== lease || !(await this.leases.keep(lease))) throw new Error('lost the click writer lease while filling month hours');
          return fn();
        }),
    };
  }

  /** The lease to write under: kept (renewed when due) or taken afresh. */
  private async writer(): Promise<Lease> {
    if (this.lease && !(await this.leases.keep(this.lease))) this.lease = null;
    if (!this.lease) {
      this.lease = await this.leases.acquire();
      this.seq = 0;
      this.closingLeft = true;
    }
    if (!this.lease) throw new Error(`every click writer slot (${this.leases.maxSlots}) is held; clicks wait in memory`);
    if (this.closingLeft) {
      await finishClosing(this.conn, this.dict, this.lease.slot, this.closingSteps);
      this.closingLeft = false;
    }
    return this.lease;
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.turn.then(fn, fn);
    this.turn = run.catch(() => undefined);
    return run;
  }

  record(batch: ClickBatch): Promise<void> {
    if (batch.hours.length === 0 && batch.events.length === 0 && (batch.visits?.at.length ?? 0) === 0) return Promise.resolve();
    return this.serial(async () => {
      const lease = await this.writer();
      const writer = `${lease.slot}:${lease.term}`;
      // A batch retried under a later lease is stamped anew (docs/adr/0017 says when that may over-count).
      if (batch.stamp?.writer !== writer) batch.stamp = { writer, seq: lease.term * SEQ_PER_TERM + ++this.seq };
      await writeBatch(this.conn, this.dict, this.parts, lease, await this.counted(batch), batch.stamp.seq, this.eventDays > 0);
    });
  }

  /**
   * A batch with its visit records counted into link-hours here, at the flush (docs/adr/0196): once
   * per batch, so a retry writes the same link-hours and events to the same documents. What was
   * counted stays in typed arrays over the records (docs/adr/0206); the batch's own link-hours and
   * events (counted by the recorder past its bound) follow them.
   */
  private async counted(batch: ClickBatch): Promise<FlushBatch> {
    let c = this.countedBatches.get(batch);
    if (c === undefined) {
      const v = batch.visits ? await CountedVisits.count(batch.visits) : undefined;
      c = new FlushBatch(v, batch.hours, batch.events);
      this.countedBatches.set(batch, c);
    }
    return c;
  }

  /**
   * Every slot's totals documents of these links that belong to the workspace (a link id of another
   * workspace answers nothing). One query on a small collection (a document per link and slot that
   * recorded it): MongoDB serves it from the index by link; FerretDB 1.24 reads the collection whole
   * for any query (docs/adr/0185), so one query beats a lookup per slot and link.
   */
  async totals(workspaceId: string, linkIds: readonly string[]): Promise<Map<string, ClickTotals>> {
    const out = new Map<string, ClickTotals>();
    if (linkIds.length === 0) return out;
    const filter = { l: { $in: [...linkIds] }, w: workspaceId, m: { $exists: false } };
    const docs = await this.conn.run(() => this.totalsColl.find(filter, { projection: { l: 1, n: 1, b: 1 } }).toArray());
    for (const d of docs) {
      const t = out.get(d.l) ?? { clicks: 0, bots: 0 };
      t.clicks += d.n;
      t.bots += d.b;
      out.set(d.l, t);
    }
    return out;
  }

  /** Sheet and open-hour documents read by queries so far. */
  get docsRead(): number {
    return this.source.docsRead;
  }

  /** Sheet documents read by queries so far, by kind (domain, link, tag). */
  get sheetDocsRead(): Readonly<Record<'domain' | 'link' | 'tag', number>> {
    return this.source.sheetDocsRead;
  }

  /** Queries the reads have sent so far. */
  get queriesRun(): number {
    return this.source.queries;
  }

  query(q: ClickQuery): Promise<ClickAnswer> {
    return evaluate(this.source.forRead(), q);
  }

  events(q: EventQuery): Promise<EventPage> {
    return collectEvents(
      q,
      (after, n) => this.source.eventRows(q, after, n),
      (ids) => this.dict.lookup(q.workspaceId, ids),
    );
  }

  forget(workspaceId: string, linkId: string): Promise<void> {
    return this.serial(async () => {
      const lease = await this.writer();
      await forgetLink(this.conn, this.dict, lease.slot, workspaceId, linkId);
    });
  }

  /**
   * A workspace's tags changed (docs/adr/0182): noted for every slot's holder (each syncs its own at
   * its next upkeep), and this process's own slot and the free ones brought in line now. Answers the
   * link-tag pairs it moved (per slot: a link with sheets in two slots counts twice).
   */
  async syncTags(workspaceId: string, only?: TagSyncScope): Promise<number> {
    await noteTagChange(this.conn, workspaceId);
    // A process that holds no writer slot (or lost it) leaves the moves to the slots' holders.
    const held = await this.serial(async () => this.lease !== null && (await this.leases.keep(this.lease)));
    const own = held ? this.ownSlot() : null;
    if (!own) return 0;
    const links = only?.links && !only.tags ? only.links : undefined;
    return (await syncWritableSlots(this.conn, this.leases, own, workspaceId, links)).moved;
  }

  forgetWorkspace(workspaceId: string): Promise<void> {
    return forgetWorkspace(this.conn, workspaceId);
  }

  /**
   * Renew the lease, compact a step; at most once a minute close this slot's finished hours, sweep old
   * events, then (a writer turn per step, so flushes run between) bring this slot's tag sheets, and
   * those of free slots, in line with the tags changed since (docs/adr/0182).
   */
  async maintain(): Promise<void> {
    const upkeep = await this.serial(async () => {
      const lease = await this.writer();
      await this.compactor.step(lease);
      const now = this.now();
      if (now - this.lastUpkeep < UPKEEP_MS && now >= this.lastUpkeep) return false;
      this.lastUpkeep = now;
      this.closingLeft = true;
      await closeSlot(this.conn, this.dict, lease.slot, now - (now % HOUR_MS) - HOUR_MS, this.closingSteps);
      this.closingLeft = false;
      const cutoff = now - this.eventDays * DAY_MS;
      await this.conn.run(() => this.conn.collection(EVENTS).deleteMany({ a1: { $lte: cutoff } }));
      return true;
    });
    const own = this.ownSlot();
    if (!upkeep || !own) return;
    await tagUpkeep(this.conn, this.leases, own, TAG_TURNS);
  }

  async release(): Promise<void> {
    await this.monthHoursBackfill.stop();
    return this.serial(async () => {
      const lease = this.lease;
      this.lease = null;
      if (lease) await this.leases.release(lease);
    });
  }

  /** Stop background work before the connection closes. */
  close(): Promise<void> {
    return this.monthHoursBackfill.stop();
  }
}
