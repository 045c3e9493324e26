import type { Collection } from 'mongodb';
import { isDuplicateKey, type MongoConnection } from '../mongo/connection.js';
import { inSlot, OPEN, TOTALS, type TotalsDoc } from './mongo-docs.js';
import { FOLD_SLOT, isFolded } from './mongo-fold.js';
import type { Lease, SlotLeases } from './mongo-slots.js';

interface Job {
  src: number;
  lease: Lease;
  /** Unique per compaction lease: what a target document records in `mg[src]` once it absorbed a source document. */
  tok: string;
}

/**
 * Merges the link totals of idle writer slots (released, or expired after a crash) into the slot this
 * process holds, so reads sum over few documents (docs/adr/0017), and closes the idle slot's open
 * hours into its sheets (docs/adr/0092; sheets stay in the slot that wrote them). The compactor leases the idle
 * slot first (a unique insert), so it is the only writer of both slots. Each source document is
 * marked, added to its target (whose `mg[src]` records the mark's token: redoing the addition
 * collides instead of counting twice), then deleted; a compactor resuming after a crash finds the
 * marks and checks the token before adding anything.
 */
export class Compactor {
  private job: Job | null = null;
  private nextLookAt: number | null = null;
  private readonly totals: Collection<TotalsDoc>;
  private closed = false;

  constructor(
    private readonly conn: MongoConnection,
    private readonly leases: SlotLeases,
    /** Close every open hour of an idle slot (its counts then stay in that slot's sheets). */
    private readonly closeIdle: (slot: number) => Promise<void>,
    private readonly everyMs = 60_000,
    private readonly batch = 200,
  ) {
    this.totals = conn.collection(TOTALS);
  }

  /** One bounded step, run between flushes by the holder of `own`. */
  async step(own: Lease): Promise<void> {
    if (!this.job) {
      const now = this.leases.now();
      // The first look comes one period after start: a restarting fleet settles into its slots first.
      if (this.nextLookAt === null || now < this.nextLookAt) {
        this.nextLookAt ??= now + this.everyMs;
        return;
      }
      this.nextLookAt = now + this.everyMs;
      this.job = await this.pick(own.slot);
      if (!this.job) return;
    }
    const job = this.job;
    if (!(await this.leases.keep(job.lease))) {
      this.job = null; // fenced: another compactor resumes from the marks later
      return;
    }
    if (!this.closed) {
      await this.closeIdle(job.src);
      this.closed = true;
    }
    const docs = await this.conn.run(() => this.totals.find({ s: job.src }).limit(this.batch).toArray());
    for (const x of docs) await this.move(this.totals, x, job, own.slot);
    if (docs.length === 0) {
      await this.leases.release(job.lease, true);
      this.job = null;
      this.nextLookAt = this.leases.now(); // another idle slot may be waiting
    }
  }

  /** An idle slot with counts, leased for this compaction; null when there is none. */
  private async pick(target: number): Promise<Job | null> {
    const withData = new Set<number>();
    for (const coll of [this.totals, this.conn.collection(OPEN)]) for (const s of await this.conn.run(() => coll.distinct('s'))) withData.add(Number(s));
    withData.delete(target);
    if (withData.size === 0) return null;
    const latest = await this.leases.latest();
    for (const src of withData) {
      if (src === FOLD_SLOT && !(await isFolded(this.conn))) continue;
      const doc = latest.get(src);
      if (!this.leases.isFree(doc, this.leases.now(), true)) continue;
      const lease = await this.leases.take(src, doc?.t ?? 0, true);
      if (lease) {
        this.closed = false;
        return { src, lease, tok: `${src}:${lease.term}` };
      }
    }
    return null;
  }

  private async move(coll: Collection<TotalsDoc>, x: TotalsDoc, job: Job, target: number): Promise<void> {
    const src = String(job.src);
    await this.conn.run(async () => {
      if (x.m) {
        // Marked by a compaction that stopped half-way: did its addition land?
        const prior = await coll.findOne({ _id: inSlot(x._id, x.m.t) }, { projection: { mg: 1 } });
        if (prior?.mg?.[src] === x.m.tok) {
          await coll.deleteOne({ _id: x._id });
          return;
        }
      }
      await coll.updateOne({ _id: x._id }, { $set: { m: { t: target, tok: job.tok } } });
      const inc = { n: x.n, b: x.b };
      const fields = { l: x.l, w: x.w };
      try {
        await coll.updateOne(
          { _id: inSlot(x._id, target), [`mg.${src}`]: { $ne: job.tok } },
          { $inc: inc, $set: { [`mg.${src}`]: job.tok }, $setOnInsert: { ...fields, s: target, q: 0 } } as never,
          { upsert: true },
        );
      } catch (e) {
        if (!isDuplicateKey(e)) throw e; // added already
      }
      await coll.deleteOne({ _id: x._id });
    });
  }
}
