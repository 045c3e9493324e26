import { type Collection, MongoBulkWriteError } from 'mongodb';
import { type IndexDef, isDuplicateKey, type MongoConnection } from '../mongo/connection.js';
import type { CountersRepository, Versioned } from './repository.js';

/** One version of a versioned value: `key#version`, inserted once. */
interface VersionDoc {
  _id: string;
  k: string;
  v: number;
  value: string;
}

/** One time slot of a claim of the shared plan limiter: `key|chain|slot`, inserted once. */
interface SlotDoc {
  _id: string;
  /** The slot, for the sweep. */
  w: number;
}

export const COUNTER_INDEXES: IndexDef[] = [
  ['counters', { k: 1, v: -1 }, { name: 'counters_by_key' }],
  ['rate_slots', { w: 1 }, { name: 'rate_slots_by_slot' }],
];

/** Versions of a key kept behind the newest (the rest are pruned every PRUNE_EVERY writes). */
const KEPT_VERSIONS = 256;
const PRUNE_EVERY = 16;

const slotIds = (key: string, chain: number, slots: readonly number[]) => slots.map((w) => `${key}|${chain}|${w}`);

/** Every write is a unique-key insert or a delete: nothing here needs an atomic read-modify-write. */
export class MongoCounters implements CountersRepository {
  private readonly versions: Collection<VersionDoc>;
  private readonly slots: Collection<SlotDoc>;
  private readonly marks: Collection<{ _id: string }>;

  constructor(private readonly conn: MongoConnection) {
    this.versions = conn.collection('counters');
    this.slots = conn.collection('rate_slots');
    this.marks = conn.collection('marks');
  }

  async get(key: string): Promise<Versioned | null> {
    return this.conn.run(async () => {
      const doc = await this.versions.findOne({ k: key }, { sort: { v: -1 } });
      return doc ? { version: doc.v, value: doc.value } : null;
    });
  }

  /**
   * Each version is its own document with a unique _id (`key#version`): whichever writer inserts
   * version N+1 first wins, the others get a duplicate-key error. Old versions are pruned as writes
   * go by, but only those more than KEPT_VERSIONS behind, so a writer that read a few versions ago
   * still collides with the version it meant to replace. One that read so long ago that its
   * version was pruned inserts without a collision: the newer versions still there give it away
   * (it stands down as any stale writer does, and its document goes).
   */
  async cas(key: string, expected: number | null, value: string): Promise<boolean> {
    const v = (expected ?? 0) + 1;
    const _id = `${key}#${v}`;
    if (!(await this.conn.insertUnique(this.versions, { _id, k: key, v, value }))) return false;
    if (await this.conn.run(() => this.versions.findOne({ k: key, v: { $gt: v + PRUNE_EVERY } }, { projection: { _id: 1 } }))) {
      await this.conn.run(() => this.versions.deleteOne({ _id }));
      return false;
    }
    if (v % PRUNE_EVERY === 0) void this.versions.deleteMany({ k: key, v: { $lt: v - KEPT_VERSIONS } }).catch(() => undefined);
    return true;
  }

  /** One ordered insert: MongoDB (and FerretDB) stop at the first duplicate and say where. Only inserts: no read, no scan. */
  async claimSlots(key: string, chain: number, slots: readonly number[]): Promise<number> {
    const docs = slotIds(key, chain, slots).map((_id, i) => ({ _id, w: slots[i]! }));
    return this.conn.run(async () => {
      try {
        await this.slots.insertMany(docs, { ordered: true });
        return slots.length;
      } catch (e) {
        if (!(e instanceof MongoBulkWriteError) || !isDuplicateKey(e)) throw e;
        const errs = Array.isArray(e.writeErrors) ? e.writeErrors : [e.writeErrors];
        return Math.min(...errs.map((w) => w.index));
      }
    });
  }

  async dropSlots(key: string, chain: number, slots: readonly number[]): Promise<void> {
    if (slots.length > 0) await this.conn.run(() => this.slots.deleteMany({ _id: { $in: slotIds(key, chain, slots) } }));
  }

  /** A lasting marker (a capped link's click number): its own collection, so the counters' reads never scan them. */
  mark(key: string): Promise<boolean> {
    return this.conn.insertUnique(this.marks, { _id: key });
  }

  async sweepSlots(before: number): Promise<void> {
    await this.conn.run(() => this.slots.deleteMany({ w: { $lt: before } }));
  }
}
