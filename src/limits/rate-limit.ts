/** What a limiter decided for one request. */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window admits again (for RateLimit-Reset / Retry-After). */
  resetSeconds: number;
}

/** At most `limit` units in any rolling 60 s per key. */
export interface RateLimiter {
  take(key: string, limit: number, cost: number, nowMs: number): Promise<RateDecision>;
}

/** Per-second buckets: [second, count], oldest first. */
export type Window = [number, number][];

/**
 * The sliding window both limiters share. Counting the 61 one-second buckets up to now covers at
 * least the last 60 s, so no rolling 60 s can ever hold more than `limit` (a fixed window would admit
 * twice the limit across a minute boundary); the price is at most 1 s of extra caution.
 */
export function decide(window: Window, nowMs: number, limit: number, cost: number): { window: Window; decision: RateDecision } {
  const nowSec = Math.floor(nowMs / 1000);
  // Buckets a little ahead of this clock (another instance wrote them a moment later) still count.
  const kept = window.filter(([s]) => s >= nowSec - 60);
  const used = kept.reduce((n, [, c]) => n + c, 0);
  const freeAt = (s: number) => Math.max(1, Math.ceil(((s + 61) * 1000 - nowMs) / 1000));
  if (used + cost > limit) {
    let resetSeconds = 60;
    if (cost <= limit) {
      let freed = 0;
      for (const [s, c] of kept) {
        freed += c;
        if (used - freed + cost <= limit) {
          resetSeconds = freeAt(s);
          break;
        }
      }
    }
    return { window: kept, decision: { allowed: false, limit, remaining: Math.max(0, limit - used), resetSeconds } };
  }
  const same = kept.find(([s]) => s === nowSec);
  if (same) same[1] += cost;
  else {
    kept.push([nowSec, cost]);
    kept.sort((x, y) => x[0] - y[0]);
  }
  return { window: kept, decision: { allowed: true, limit, remaining: limit - used - cost, resetSeconds: freeAt(kept[0]![0]) } };
}

/** For the embedded store's single instance: windows in process, idle ones swept. */
export class MemoryRateLimiter implements RateLimiter {
  private windows = new Map<string, Window>();
  private lastSweep = 0;

  async take(key: string, limit: number, cost: number, nowMs: number): Promise<RateDecision> {
    return this.takeSync(key, limit, cost, nowMs);
  }

  takeSync(key: string, limit: number, cost: number, nowMs: number): RateDecision {
    if (nowMs - this.lastSweep > 60_000) {
      this.lastSweep = nowMs;
      const oldest = Math.floor(nowMs / 1000) - 61;
      for (const [k, w] of this.windows) if (w.length === 0 || w[w.length - 1]![0] < oldest) this.windows.delete(k);
    }
    const { window, decision } = decide(this.windows.get(key) ?? [], nowMs, limit, cost);
    this.windows.set(key, window);
    return decision;
  }
}

export function rateLimitHeaders(d: RateDecision): Record<string, string> {
  return {
    'ratelimit-limit': String(d.limit),
    'ratelimit-remaining': String(d.remaining),
    'ratelimit-reset': String(d.resetSeconds),
    'ratelimit-policy': `${d.limit};w=60`,
    'x-ratelimit-limit': String(d.limit),
    'x-ratelimit-remaining': String(d.remaining),
    'x-ratelimit-reset': String(d.resetSeconds),
  };
}
