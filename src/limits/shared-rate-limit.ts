import type { CountersRepository } from '../storage/counters/repository.js';
import { ChainView } from './chain-view.js';
import type { RateDecision, RateLimiter } from './rate-limit.js';

const MAX_VIEWS = 100_000;

export interface SharedWindow {
  /** The rolling window (60 s for plan limits; an hour for abuse reports). */
  windowMs: number;
  /** The granularity of claims: a chain frees at most one slot later than exactly. */
  slotMs: number;
}

/**
 * The plan limit shared by every instance on one MongoDB, exact with unique inserts only
 * (docs/adr/0018). A key with limit L has L chains; an admitted request is a claim on one chain: the
 * unique markers of the 61 one-second slots from its own, inserted in one ordered insert. Two
 * claims on a chain cannot share a slot, so they lie more than 60 s apart, and no rolling 60 s can
 * admit more than L (a chain frees 60–61 s after its claim: at most one second of extra caution,
 * like the in-process limiter). Store work per admitted request: one insert; a refusal costs none
 * once this process knows every chain is busy. Other windows work alike with longer slots: abuse
 * reports are limited per hour with one-minute slots (61 markers per report).
 */
export class SharedRateLimiter implements RateLimiter {
  private readonly views = new Map<string, ChainView>();
  private lastSweep = 0;

  private readonly slotMs: number;
  /** Slots a claim covers: every slot that overlaps the window after it. */
  private readonly slots: number;
  /** Stored slot numbers are in seconds whatever the slot length, so every limiter's markers share one sweep. */
  private readonly slotSeconds: number;

  constructor(
    private readonly counters: CountersRepository,
    window: SharedWindow = { windowMs: 60_000, slotMs: 1_000 },
  ) {
    this.slotMs = window.slotMs;
    this.slots = window.windowMs / window.slotMs + 1;
    this.slotSeconds = window.slotMs / 1000;
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

  async take(key: string, limit: number, cost: number, nowMs: number): Promise<RateDecision> {
    this.sweep(nowMs);
    const v = this.view(key, limit, nowMs);
    const SLOT_MS = this.slotMs;
    const SLOTS = this.slots;
    if (cost > limit) return { allowed: false, limit, remaining: v.available, resetSeconds: (SLOTS - 1) * this.slotSeconds };
    const first = Math.floor(nowMs / SLOT_MS);
    const slots = Array.from({ length: SLOTS }, (_, i) => (first + i) * this.slotSeconds);
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
        for (const c of claimed) v.busyUntil(c, (first + SLOTS) * SLOT_MS);
        throw e;
      }
      if (taken === SLOTS) {
        claimed.push(chain);
        continue;
      }
      // Slot first+taken belongs to another claim. At index 0 it began in or before ours: look again
      // when that slot ends (it is surely free a window after ours began); later, it began there.
      if (taken === 0) v.busyUntil(chain, (first + 1) * SLOT_MS, (first + SLOTS) * SLOT_MS);
      else v.busyUntil(chain, (first + taken + SLOTS) * SLOT_MS);
      if (taken > 0) await this.counters.dropSlots(key, chain, slots.slice(0, taken));
    }
    if (claimed.length < cost) {
      // All or nothing: a request costing several units gives back what it got.
      for (const c of claimed) {
        await this.counters.dropSlots(key, c, slots);
        v.freeAgain(c);
      }
      return { allowed: false, limit, remaining: v.available, resetSeconds: this.secondsUntil(v.surelyFreeAt, nowMs) };
    }
    for (const c of claimed) v.busyUntil(c, (first + SLOTS) * SLOT_MS);
    return { allowed: true, limit, remaining: v.available, resetSeconds: this.secondsUntil(v.surelyFreeAt, nowMs) };
  }

  private secondsUntil(atMs: number | null, nowMs: number): number {
    return atMs === null ? (this.slots - 1) * this.slotSeconds : Math.max(1, Math.ceil((atMs - nowMs) / 1000));
  }

  /**
   * Once a minute: drop markers of slots wholly in the past (no TTL index on FerretDB; a claim never
   * includes a past slot, so none of them can matter again) and views unused for 5 windows.
   */
  private sweep(nowMs: number): void {
    if (nowMs - this.lastSweep < 60_000) return;
    this.lastSweep = nowMs;
    void this.counters.sweepSlots(Math.floor(nowMs / 1000) - 61).catch(() => undefined);
    const idle = 5 * (this.slots - 1) * this.slotMs;
    for (const [k, v] of this.views) if (nowMs - v.lastUsed > idle) this.views.delete(k);
  }
}
