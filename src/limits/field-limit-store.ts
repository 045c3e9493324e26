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
  /** The version each key's pending read saw (null: absent) and its call times, until its write; one pending call per key in a process. */
  private readonly seen = new Map<string, { version: number | null; calls: readonly number[] }>();

  constructor(private readonly counters: CountersRepository) {}

  /** The library's read: also remembers the version its write must still find. */
  async getForIdentity(identity: Identity): Promise<readonly number[]> {
    const c = await this.counters.get(storeKey(identity));
    const calls = c ? (JSON.parse(c.value) as number[]) : [];
    this.seen.set(storeKey(identity), { version: c?.version ?? null, calls });
    return calls;
  }

  /**
   * The library's write: only over the version its read saw, else `StaleRead`. graphql-rate-limit
   * 3.3.0 writes after a refusal too: with `uncountRejected` it writes back the read's call times
   * still in the window and adds none. Such a write changes nothing and is skipped (a refusal costs
   * one read): `timestamps` holding no more than the read's times still in the window means no call
   * was added (the library filtered at or before now, so it kept at least as many; a passing call
   * adds one more).
   */
  async setForIdentity(identity: Identity, timestamps: readonly number[], windowMs?: number): Promise<void> {
    const key = storeKey(identity);
    const read = this.seen.get(key);
    this.seen.delete(key);
    if (read === undefined) throw new StaleRead();
    const now = Date.now();
    const live = (t: number) => windowMs === undefined || t + windowMs > now;
    if (timestamps.length <= read.calls.filter(live).length) return;
    if (!(await this.counters.cas(key, read.version, JSON.stringify(timestamps.filter(live))))) throw new StaleRead();
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
