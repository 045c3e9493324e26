/**
 * graphql-rate-limit's store on our counters (docs/adr/0222): shared by every instance on MongoDB,
 * and pruned (the library hands back only timestamps inside the window; older ones are dropped on
 * every write).
 *
 * The library reads a field's call times, decides, then writes them back with its own call added.
 * That write is a compare-and-set against the version its read saw: when another call wrote in
 * between (another instance; in this process calls of one key are queued, field-limits.ts), the
 * write is refused with `StaleRead` and the caller decides again on a fresh read. (The first store
 * re-read before each attempt and wrote the first read's list, so parallel calls all passed and
 * overwrote each other's times: the count fell behind what passed.)
 */
import type { CountersRepository } from '../storage/counters/repository.js';

export interface Identity {
  contextIdentity: string;
  fieldIdentity: string;
}

/** Another call wrote between this call's read and its write: decide again. */
export class StaleRead extends Error {
  constructor() {
    super('the call times changed since they were read');
  }
}

export const storeKey = (i: Identity) => `fl:${i.contextIdentity}:${i.fieldIdentity}`;

export class CounterBackedStore {
  /** The version each key's pending read saw (null: absent), until its write; one pending call per key in a process. */
  private readonly seen = new Map<string, number | null>();

  constructor(private readonly counters: CountersRepository) {}

  /** The library's read: also remembers the version its write must still find. */
  async getForIdentity(identity: Identity): Promise<readonly number[]> {
    const c = await this.counters.get(storeKey(identity));
    this.seen.set(storeKey(identity), c?.version ?? null);
    return c ? (JSON.parse(c.value) as number[]) : [];
  }

  /** The library's write: only over the version its read saw, else `StaleRead`. */
  async setForIdentity(identity: Identity, timestamps: readonly number[], windowMs?: number): Promise<void> {
    const key = storeKey(identity);
    const expected = this.seen.get(key);
    this.seen.delete(key);
    if (expected === undefined) throw new StaleRead();
    const now = Date.now();
    const kept = timestamps.filter((t) => windowMs === undefined || t + windowMs > now);
    if (!(await this.counters.cas(key, expected, JSON.stringify(kept)))) throw new StaleRead();
  }

  /** The call times as stored, for a refusal's Retry-After (no version kept). */
  async calls(identity: Identity): Promise<readonly number[]> {
    const c = await this.counters.get(storeKey(identity));
    return c ? (JSON.parse(c.value) as number[]) : [];
  }

  /** A decision given up (its write never came): forget what its read saw. */
  forget(identity: Identity): void {
    this.seen.delete(storeKey(identity));
  }
}
