import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Collection } from 'mongodb';
import type { Clock } from '../../domain/clock.js';
import { isDuplicateKey, type MongoConnection } from '../mongo/connection.js';
import { SLOTS } from './mongo-docs.js';

/**
 * Leases on writer slots (docs/adr/0017). The lease on slot `s` at term `t` is the document
 * `s:t`, created by a unique insert: of all instances trying to take term t of a slot, one wins. The
 * latest term of a slot is its current lease; only its holder writes it (renewals), so no update here
 * needs to be atomic.
 */
export interface SlotDoc {
  _id: string;
  s: number;
  t: number;
  owner: string;
  /** Holder's clock, ms. */
  renewedAt: number;
  releasedAt?: number;
  /** Taken to merge the slot's counts into another; until `done`, only compactions may take it. */
  compact?: boolean;
  done?: boolean;
}

export interface LeaseTimes {
  /** A holder renews this often... */
  renewMs: number;
  /** ...stops writing when it could not renew for this long... */
  fenceMs: number;
  /** ...and others may take the slot over once it has not been renewed for this long (fence + margin for clock skew and slow writes). */
  takeoverMs: number;
}

export const LEASE_TIMES: LeaseTimes = { renewMs: 5_000, fenceMs: 30_000, takeoverMs: 120_000 };

/** A lease held by this process. */
export interface Lease {
  readonly slot: number;
  readonly term: number;
  /** When the last renewal (or the take) was sent, on this process's clock. */
  renewedAt: number;
}

export class SlotLeases {
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly slots: Collection<SlotDoc>;

  constructor(
    private readonly conn: MongoConnection,
    private readonly clock: Clock,
    readonly maxSlots: number,
    readonly times: LeaseTimes = LEASE_TIMES,
  ) {
    this.slots = conn.collection(SLOTS);
  }

  now(): number {
    return this.clock.now().getTime();
  }

  /** The current (latest-term) lease document of every slot that ever had one. */
  async latest(): Promise<Map<number, SlotDoc>> {
    const out = new Map<number, SlotDoc>();
    for (const d of await this.conn.run(() => this.slots.find({}).toArray())) {
      const seen = out.get(d.s);
      if (!seen || d.t > seen.t) out.set(d.s, d);
    }
    return out;
  }

  /** Whether a slot whose current lease is `doc` may be taken now (for writing, or for a compaction). */
  isFree(doc: SlotDoc | undefined, now: number, forCompaction: boolean): boolean {
    if (!doc) return true;
    if (doc.compact && !doc.done && !forCompaction) return false;
    return doc.releasedAt !== undefined || doc.renewedAt < now - this.times.takeoverMs;
  }

  /** Take term `after + 1` of a slot; null when another instance took it first. */
  async take(slot: number, after: number, compact: boolean): Promise<Lease | null> {
    const now = this.now();
    const term = after + 1;
    const doc: SlotDoc = { _id: `${slot}:${term}`, s: slot, t: term, owner: this.owner, renewedAt: now, ...(compact ? { compact } : {}) };
    try {
      await this.conn.run(() => this.slots.insertOne(doc));
    } catch (e) {
      if (isDuplicateKey(e)) return null;
      throw e;
    }
    // Older terms are history now (best effort: the latest term is what everyone reads).
    await this.slots.deleteMany({ s: slot, t: { $lt: term } }).catch(() => undefined);
    return { slot, term, renewedAt: now };
  }

  /** The lowest free slot, for writing; null when every slot is held. */
  async acquire(): Promise<Lease | null> {
    const latest = await this.latest();
    for (let s = 0; s < this.maxSlots; s++) {
      const doc = latest.get(s);
      if (!this.isFree(doc, this.now(), false)) continue;
      const lease = await this.take(s, doc?.t ?? 0, false);
      if (lease) return lease;
    }
    return null;
  }

  /**
   * Whether the lease may still be written under, renewing it when due. A holder that could not
   * renew for `fenceMs` gives the lease up for good (others may be about to take it over), and so
   * does one that finds a later term of its slot.
   */
  async keep(lease: Lease): Promise<boolean> {
    const now = this.now();
    if (now - lease.renewedAt >= this.times.fenceMs || now < lease.renewedAt) return false;
    if (now - lease.renewedAt < this.times.renewMs) return true;
    return this.conn.run(async () => {
      if (await this.slots.findOne({ s: lease.slot, t: { $gt: lease.term } }, { projection: { _id: 1 } })) return false;
      const res = await this.slots.updateOne({ _id: `${lease.slot}:${lease.term}` }, { $set: { renewedAt: now } });
      if (res.matchedCount === 0) return false;
      lease.renewedAt = now;
      return true;
    });
  }

  /** Hand a lease back: the slot is free at once (`done`: a compaction finished with it). */
  async release(lease: Lease, done = false): Promise<void> {
    const set: Partial<SlotDoc> = { releasedAt: this.now(), ...(done ? { done } : {}) };
    await this.conn.run(() => this.slots.updateOne({ _id: `${lease.slot}:${lease.term}` }, { $set: set }));
  }
}
