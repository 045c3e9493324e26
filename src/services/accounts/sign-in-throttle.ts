import { createHash } from 'node:crypto';
import type { Clock } from '../../domain/clock.js';
import { LskError } from '../../domain/errors.js';
import type { CountersRepository } from '../../storage/counters/repository.js';

export const SIGN_IN_FAILURES = 10;
export const SIGN_IN_WINDOW_MS = 15 * 60_000;

/**
 * Failed sign-ins per email and per client address: at most 10 in any 15 minutes, then 429 until the
 * oldest leaves the window. The failure times live in the shared counters (compare-and-set), so every
 * instance sees the same count. Emails are kept as hashes, never in the clear.
 */
export class SignInThrottle {
  constructor(
    private readonly counters: CountersRepository,
    private readonly clock: Clock,
  ) {}

  private keys(email: string, address: string): string[] {
    const mail = createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
    return [`signin:email:${mail}`, `signin:addr:${address}`];
  }

  private async recent(key: string, now: number): Promise<{ version: number | null; times: number[] }> {
    const c = await this.counters.get(key);
    const times = c ? (JSON.parse(c.value) as number[]).filter((t) => t > now - SIGN_IN_WINDOW_MS) : [];
    return { version: c?.version ?? null, times };
  }

  /** 429 rate_limited when either the email or the address has used up its failures. */
  async check(email: string, address: string): Promise<void> {
    const now = this.clock.now().getTime();
    for (const key of this.keys(email, address)) {
      const { times } = await this.recent(key, now);
      if (times.length >= SIGN_IN_FAILURES) {
        const retryAfter = Math.max(1, Math.ceil((Math.min(...times) + SIGN_IN_WINDOW_MS - now) / 1000));
        throw new LskError('rate_limited', 'Too many failed sign-ins; try again later.', { retryAfter });
      }
    }
  }

  async fail(email: string, address: string): Promise<void> {
    const now = this.clock.now().getTime();
    for (const key of this.keys(email, address)) {
      for (let attempt = 0; attempt < 20; attempt++) {
        const { version, times } = await this.recent(key, now);
        if (await this.counters.cas(key, version, JSON.stringify([...times, now].slice(-SIGN_IN_FAILURES)))) break;
      }
    }
  }
}
