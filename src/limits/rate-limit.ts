/** What a limiter decided for one request. */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window admits again (for RateLimit-Reset / Retry-After). */
  resetSeconds: number;
}

/** At most `limit` units in any rolling 60 s per key. The seam for a store-backed, shared limiter. */
export interface RateLimiter {
  take(key: string, limit: number, cost: number, nowMs: number): Promise<RateDecision> | RateDecision;
}

export const WINDOW_MS = 60_000;

/**
 * In-process sliding log: exact "at most N in any rolling 60 s", for the embedded store's single
 * instance. Memory is bounded by the limits themselves (at most `limit` timestamps per key), and
 * idle keys are swept.
 */
export class MemoryRateLimiter implements RateLimiter {
  private logs = new Map<string, number[]>();
  private lastSweep = 0;

  take(key: string, limit: number, cost: number, nowMs: number): RateDecision {
    this.sweep(nowMs);
    const from = nowMs - WINDOW_MS;
    let log = this.logs.get(key);
    if (!log) {
      log = [];
      this.logs.set(key, log);
    }
    let drop = 0;
    while (drop < log.length && log[drop]! <= from) drop++;
    if (drop > 0) log.splice(0, drop);
    if (log.length + cost > limit) {
      // Admission needs the oldest `log.length + cost - limit` entries to leave the window.
      const idx = Math.min(log.length - 1, Math.max(0, log.length + cost - limit - 1));
      const waitMs = log.length > 0 ? log[idx]! + WINDOW_MS - nowMs : WINDOW_MS;
      return { allowed: false, limit, remaining: Math.max(0, limit - log.length), resetSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    for (let i = 0; i < cost; i++) log.push(nowMs);
    const resetMs = log.length > 0 ? log[0]! + WINDOW_MS - nowMs : 0;
    return { allowed: true, limit, remaining: limit - log.length, resetSeconds: Math.max(0, Math.ceil(resetMs / 1000)) };
  }

  private sweep(nowMs: number): void {
    if (nowMs - this.lastSweep < WINDOW_MS) return;
    this.lastSweep = nowMs;
    for (const [k, log] of this.logs) if (log.length === 0 || log[log.length - 1]! <= nowMs - WINDOW_MS) this.logs.delete(k);
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
