import type { CountersRepository } from '../storage/counters/repository.js';
import { ChainView } from './chain-view.js';
import type { RateDecision, RateLimiter } from './rate-limit.js';

const MAX_VIEWS = 100_000;

export interface SharedLimitOptions {
  /** The rolling window (default 60 s, the plan limit's). */
  windowMs?: number;
  /** The slot size: a chain frees between one window and one window plus a slot after its claim (default 1 s). */
  slotMs?: number;
}

/** Units taken: the chains claimed and the first slot of the claims, to give back with `giveBack`. */
export interface Claim {
  key: string;
  chains: number[];
  first: number;
}

/**
 * A limit shared by every instance on one store, exact with unique inserts only (docs/adr/0018). A
 * key with limit L has L chains; a unit taken is a claim on one chain: the unique markers of the
 * slots that overlap the window from its own, inserted in one ordered insert. Two claims on a chain
 * cannot share a slot, so they lie more than a window apart, and no rolling window can admit more
 * than L (a chain frees a window to a window and a slot after its claim: at most one slot of extra
 * caution). Store work per unit: one insert; a refusal costs none once this process knows every
 * chain is busy. Markers are stored by the second their slot starts, so limiters of any slot size
 * share the store and its sweep.
 */
export class SharedRateLimiter implements RateLimiter {
  private readonly views = new Map<string, ChainView>();
  private lastSweep = 0;
  private readonly windowMs: number;
  private readonly slotMs: number;
  /** Slots a claim covers: every slot that overlaps the window after it. */
  private readonly slots: number;

  constructor(
    private readonly counters: CountersRepository,
    opts: SharedLimitOptions = {},
  ) {
    this.windowMs = opts.windowMs ?? 60_000;
    this.slotMs = opts.slotMs ?? 1000;
    this.slots = Math.ceil(this.windowMs / this.slotMs) + 1;
  }

  private view(key: string, limit: number, nowMs: number): ChainView {
    let v = this.views.get(key);
    if (!v || v.limit !== limit) {
      if (!v && this.views.size >= MAX_VIEWS) this.views.delete(this.views.keys().next().value!);
      v = new ChainView(limit);
      this.views.set(key, v);
    }
    v.lastUsed = nowMs;
    v.release(nowMs);
    return v;
  }

  /** The stored markers of the slots from `first` on (by the second each slot starts). */
  private marks(first: number, count = this.slots): number[] {
    const perSlot = this.slotMs / 1000;
    return Array.from({ length: count }, (_, i) => (first + i) * perSlot);
  }

  async take(key: string, limit: number, cost: number, nowMs: number): Promise<RateDecision> {
    return (await this.claim(key, limit, cost, nowMs)).decision;
  }

  /** Take `cost` units (all or nothing): the decision, and the claim when allowed. */
  async claim(key: string, limit: number, cost: number, nowMs: number): Promise<{ decision: RateDecision; claim: Claim | null }> {
    this.sweep(nowMs);
    const v = this.view(key, limit, nowMs);
    if (cost > limit) return { decision: { allowed: false, limit, remaining: v.available, resetSeconds: Math.ceil(this.windowMs / 1000) }, claim: null };
    const first = Math.floor(nowMs / this.slotMs);
    const slots = this.marks(first);
    const claimed: number[] = [];
    // Every failed attempt marks a chain busy in the view, so this ends after at most `limit` attempts.
    while (claimed.length < cost) {
      const chain = v.pick();
      if (chain === null) break;
      let taken: number;
      try {
        taken = await this.counters.claimSlots(key, chain, slots);
      } catch (e) {
        // The store failed: the chain goes back, and what was claimed counts as used (it may be stored).
        v.freeAgain(chain);
        for (const c of claimed) v.busyUntil(c, this.freeAt(first));
        throw e;
      }
      if (taken === this.slots) {
        claimed.push(chain);
        continue;
      }
      // Slot first+taken belongs to another claim. At index 0 it began in or before ours: look again
      // when that slot ends (it is surely free a window after ours began); later, it began there.
      if (taken === 0) v.busyUntil(chain, (first + 1) * this.slotMs, this.freeAt(first));
      else v.busyUntil(chain, this.freeAt(first + taken));
      if (taken > 0) await this.counters.dropSlots(key, chain, slots.slice(0, taken));
    }
    if (claimed.length < cost) {
      // All or nothing: a request costing several units gives back what it got.
      await this.giveBack({ key, chains: claimed, first });
      return { decision: { allowed: false, limit, remaining: v.available, resetSeconds: this.secondsUntil(v.surelyFreeAt, nowMs) }, claim: null };
    }
    for (const c of claimed) v.busyUntil(c, this.freeAt(first));
    return {
      decision: { allowed: true, limit, remaining: v.available, resetSeconds: this.secondsUntil(v.surelyFreeAt, nowMs) },
      claim: { key, chains: claimed, first },
    };
  }

  /** Withdraw a claim (the units are free again at once, here and for every instance). */
  async giveBack(c: Claim): Promise<void> {
    const slots = this.marks(c.first);
    const v = this.views.get(c.key);
    for (const chain of c.chains) {
      await this.counters.dropSlots(c.key, chain, slots);
      v?.freeAgain(chain);
    }
  }

  /** When a chain claimed in slot `slot` is surely free. */
  private freeAt(slot: number): number {
    return (slot + this.slots) * this.slotMs;
  }

  private secondsUntil(atMs: number | null, nowMs: number): number {
    return atMs === null ? Math.ceil(this.windowMs / 1000) : Math.max(1, Math.ceil((atMs - nowMs) / 1000));
  }

  /** Once a minute: drop markers of claims wholly in the past (no TTL index on FerretDB) and views unused for 5 windows. */
  private sweep(nowMs: number): void {
    if (nowMs - this.lastSweep < 60_000) return;
    this.lastSweep = nowMs;
    void this.counters.sweepSlots(Math.floor((nowMs - this.windowMs - this.slotMs) / 1000) - 1).catch(() => undefined);
    for (const [k, v] of this.views) if (nowMs - v.lastUsed > 5 * this.windowMs) this.views.delete(k);
  }
}
