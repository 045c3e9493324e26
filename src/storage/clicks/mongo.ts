import type { Collection, Document, Filter } from 'mongodb';
import type { Clock } from '../../domain/clock.js';
import type { MongoConnection } from '../mongo/connection.js';
import { Compactor } from './mongo-compaction.js';
import { ROLLUPS, type RollupDoc, rollupEntries, rollupId, TOTALS, type TotalsDoc, totalsId, type Upsert, upsertAll } from './mongo-docs.js';
import { foldRawClicks } from './mongo-fold.js';
import { type Lease, type LeaseTimes, SlotLeases } from './mongo-slots.js';
import type { ClickBatch, ClickGrouping, ClickScope, ClicksRepository, ClickTotals, HourTotals, KeyCount } from './repository.js';

export interface MongoClicksOptions {
  /** Writer slots: at most this many instances record clicks at once (default 64). */
  maxSlots?: number;
  leaseTimes?: LeaseTimes;
  /** How often an idle slot is looked for to compact (default 60 s). */
  compactEveryMs?: number;
}

/** Sequence numbers of one lease: term-major, so a later term's flushes always count as newer. */
const SEQ_PER_TERM = 1e9;

/**
 * Rollups on MongoDB without atomic read-modify-write (docs/adr/0017): this process writes only the
 * documents of the writer slot it leases; reads sum every slot's documents (those a compaction is
 * moving excepted: `m` is set on them).
 */
export class MongoClicks implements ClicksRepository {
  private readonly rollups: Collection<RollupDoc>;
  private readonly totalsColl: Collection<TotalsDoc>;
  private readonly leases: SlotLeases;
  private readonly compactor: Compactor;
  private lease: Lease | null = null;
  private seq = 0;
  /** Writes and upkeep run one at a time: a slot's documents must never see two of our updates at once. */
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly conn: MongoConnection,
    clock: Clock,
    opts: MongoClicksOptions = {},
  ) {
    this.rollups = conn.collection(ROLLUPS);
    this.totalsColl = conn.collection(TOTALS);
    this.leases = new SlotLeases(conn, clock, opts.maxSlots ?? 64, opts.leaseTimes);
    this.compactor = new Compactor(conn, this.leases, opts.compactEveryMs);
  }

  /** Fold the click documents of earlier versions in (once). */
  init(): Promise<void> {
    return this.conn.run(() => foldRawClicks(this.conn));
  }

  /** The lease to write under: kept (renewed when due) or taken afresh. */
  private async writer(): Promise<Lease> {
    if (this.lease && !(await this.leases.keep(this.lease))) this.lease = null;
    if (!this.lease) {
      this.lease = await this.leases.acquire();
      this.seq = 0;
    }
    if (!this.lease) throw new Error(`every click writer slot (${this.leases.maxSlots}) is held; clicks wait in memory`);
    return this.lease;
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.turn.then(fn, fn);
    this.turn = run.catch(() => undefined);
    return run;
  }

  record(batch: ClickBatch): Promise<void> {
    return batch.hours.length === 0 ? Promise.resolve() : this.serial(() => this.write(batch));
  }

  private async write(batch: ClickBatch): Promise<void> {
    const lease = await this.writer();
    const writer = `${lease.slot}:${lease.term}`;
    // A batch retried under a later lease is stamped anew (docs/adr/0017 says when that may over-count).
    if (batch.stamp?.writer !== writer) batch.stamp = { writer, seq: lease.term * SEQ_PER_TERM + ++this.seq };
    const { seq } = batch.stamp;
    const s = lease.slot;
    const rollupOps: Upsert<RollupDoc>[] = [];
    const perLink = new Map<string, { w: string; n: number; b: number }>();
    for (const h of batch.hours) {
      for (const [d, v, n] of rollupEntries(h)) {
        rollupOps.push({
          filter: { _id: rollupId(s, h.linkId, h.hour, d, v), q: { $lt: seq } },
          update: { $inc: { n }, $set: { q: seq }, $setOnInsert: { s, l: h.linkId, w: h.workspaceId, h: new Date(h.hour), d, v } },
        });
      }
      const t = perLink.get(h.linkId) ?? { w: h.workspaceId, n: 0, b: 0 };
      t.n += h.clicks;
      t.b += h.bots;
      perLink.set(h.linkId, t);
    }
    const totalOps: Upsert<TotalsDoc>[] = [...perLink].map(([l, t]) => ({
      filter: { _id: totalsId(s, l), q: { $lt: seq } },
      update: { $inc: { n: t.n, b: t.b }, $set: { q: seq }, $setOnInsert: { s, l, w: t.w } },
    }));
    await this.conn.run(async () => {
      await upsertAll(this.rollups, rollupOps);
      await upsertAll(this.totalsColl, totalOps);
    });
  }

  async totals(linkIds: readonly string[]): Promise<Map<string, ClickTotals>> {
    const out = new Map<string, ClickTotals>();
    if (linkIds.length === 0) return out;
    const docs = await this.conn.run(() =>
      this.totalsColl.find({ l: { $in: [...linkIds] }, m: { $exists: false } }, { projection: { l: 1, n: 1, b: 1 } }).toArray(),
    );
    for (const d of docs) {
      const t = out.get(d.l) ?? { clicks: 0, bots: 0 };
      t.clicks += d.n;
      t.bots += d.b;
      out.set(d.l, t);
    }
    return out;
  }

  private match(s: ClickScope, d: string | { $in: string[] }): Filter<RollupDoc> {
    return { w: s.workspaceId, d, h: { $gte: s.from, $lt: s.to }, m: { $exists: false }, ...(s.linkIds ? { l: { $in: [...s.linkIds] } } : {}) };
  }

  private group<T extends Document>(match: Filter<RollupDoc>, key: string, more: Document[] = []): Promise<T[]> {
    return this.conn.run(() => this.rollups.aggregate<T>([{ $match: match }, { $group: { _id: key, n: { $sum: '$n' } } }, ...more]).toArray());
  }

  async summary(s: ClickScope): Promise<ClickTotals> {
    const out = { clicks: 0, bots: 0 };
    for (const r of await this.group<{ _id: 'clicks' | 'bots'; n: number }>(this.match(s, { $in: ['clicks', 'bots'] }), '$d')) out[r._id] = Number(r.n);
    return out;
  }

  async breakdown(s: ClickScope, by: ClickGrouping, limit?: number): Promise<KeyCount[]> {
    const more: Document[] = [{ $sort: { n: -1, _id: 1 } }, ...(limit !== undefined ? [{ $limit: limit }] : [])];
    const rows = await this.group<{ _id: string; n: number }>(this.match(s, by === 'link' ? 'clicks' : by), by === 'link' ? '$l' : '$v', more);
    return rows.map((r) => ({ key: String(r._id), clicks: Number(r.n) }));
  }

  async hourly(s: ClickScope): Promise<HourTotals[]> {
    const rows = await this.group<{ _id: { h: Date; d: string }; n: number }>(this.match(s, { $in: ['clicks', 'bots'] }), { h: '$h', d: '$d' } as never);
    const byHour = new Map<number, HourTotals>();
    for (const r of rows) {
      const t = new Date(r._id.h).getTime();
      const row = byHour.get(t) ?? { hour: new Date(t), clicks: 0, bots: 0 };
      if (r._id.d === 'bots') row.bots += Number(r.n);
      else row.clicks += Number(r.n);
      byHour.set(t, row);
    }
    return [...byHour.values()].sort((a, b) => a.hour.getTime() - b.hour.getTime());
  }

  async forget(workspaceId: string, linkId: string): Promise<void> {
    await this.conn.run(async () => {
      await this.rollups.deleteMany({ l: linkId, w: workspaceId });
      await this.totalsColl.deleteMany({ l: linkId, w: workspaceId });
    });
  }

  maintain(): Promise<void> {
    return this.serial(async () => {
      const lease = await this.writer();
      await this.compactor.step(lease);
    });
  }

  release(): Promise<void> {
    return this.serial(async () => {
      const lease = this.lease;
      this.lease = null;
      if (lease) await this.leases.release(lease);
    });
  }
}
