import type { CountersRepository } from '../storage/counters/repository.js';
import { ChainView } from './chain-view.js';
import type { RateDecision, RateLimiter } from './rate-limit.js';

const WINDOW_MS = 60_000;
const MAX_VIEWS = 100_000;

type Attempt = { ok: true; gen: number } | { ok: false; gen: number; busyUntil: number };

/**
 * The plan limit shared by every instance on one MongoDB, exact without atomic read-modify-write
 * (docs/adr/0010). A key with limit L has L chains; an admitted request is a claim on one chain,
 * and a chain holds at most one claim per 60 s, so no rolling 60 s can admit more than L. A claim is
 * a unique insert of (key, chain, generation) followed by one read: if another claim on the chain
 * lies inside the window (a rival with a stale view inserted another generation), the later claim
 * withdraws. Store work per admitted request: two operations; a refusal costs none once this
 * process knows every chain is busy.
 */
export class SharedRateLimiter implements RateLimiter {
  private readonly views = new Map<string, ChainView>();
  private lastSweep = 0;

  constructor(private readonly counters: CountersRepository) {}

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
    const claimed: { chain: number; gen: number }[] = [];
    // Every failed attempt marks a chain busy in the view, so this ends after at most `limit` attempts.
    while (claimed.length < cost) {
      const chain = v.pick();
      if (chain === null) break;
      let a: Attempt;
      try {
        a = await this.attempt(key, chain, v.gen(chain), nowMs);
      } catch (e) {
        // The store failed: the chain goes back, and what was claimed counts as used (it may be stored).
        v.freeAgain(chain, v.gen(chain));
        for (const c of claimed) v.busyUntil(c.chain, c.gen, nowMs + WINDOW_MS);
        throw e;
      }
      if (a.ok) claimed.push({ chain, gen: a.gen });
      else v.busyUntil(chain, a.gen, a.busyUntil);
    }
    if (claimed.length < cost) {
      // All or nothing: a request costing several units gives back what it got.
      for (const c of claimed) {
        await this.counters.deleteClaim({ key, chain: c.chain, gen: c.gen });
        v.freeAgain(c.chain, c.gen);
      }
      return { allowed: false, limit, remaining: v.available, resetSeconds: this.secondsUntil(v.nextFree, nowMs) };
    }
    for (const c of claimed) v.busyUntil(c.chain, c.gen, nowMs + WINDOW_MS);
    return { allowed: true, limit, remaining: v.available, resetSeconds: this.secondsUntil(v.nextFree, nowMs) };
  }

  private secondsUntil(atMs: number | null, nowMs: number): number {
    return atMs === null ? 60 : Math.max(1, Math.ceil((atMs - nowMs) / 1000));
  }

  /** Claim the next generation of a chain; or learn until when the chain is busy. */
  private async attempt(key: string, chain: number, knownGen: number, nowMs: number): Promise<Attempt> {
    let gen = knownGen + 1;
    for (let tries = 0; tries < 3; tries++) {
      if (await this.counters.insertClaim({ key, chain, gen, atMs: nowMs })) {
        const rival = await this.counters.rivalClaim({ key, chain, gen }, nowMs - WINDOW_MS);
        if (rival === null) return { ok: true, gen };
        await this.counters.deleteClaim({ key, chain, gen });
        return { ok: false, gen, busyUntil: rival + WINDOW_MS };
      }
      const latest = await this.counters.latestClaim(key, chain);
      if (latest && latest.atMs > nowMs - WINDOW_MS) return { ok: false, gen: latest.gen, busyUntil: latest.atMs + WINDOW_MS };
      gen = (latest?.gen ?? gen) + 1;
    }
    return { ok: false, gen, busyUntil: nowMs + 1000 }; // heavy contention on this chain: look elsewhere for a second
  }

  /** Once a minute: drop claims long out of the window (no TTL index on FerretDB) and views unused for 5 minutes. */
  private sweep(nowMs: number): void {
    if (nowMs - this.lastSweep < WINDOW_MS) return;
    this.lastSweep = nowMs;
    void this.counters.sweepClaims(nowMs - 2 * WINDOW_MS).catch(() => undefined);
    for (const [k, v] of this.views) if (nowMs - v.lastUsed > 5 * WINDOW_MS) this.views.delete(k);
  }
}
