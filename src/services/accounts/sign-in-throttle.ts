import { createHash } from 'node:crypto';
import type { Clock } from '../../domain/clock.js';
import { LskError } from '../../domain/errors.js';
import { type Claim, SharedRateLimiter } from '../../limits/shared-rate-limit.js';
import type { CountersRepository } from '../../storage/counters/repository.js';

export const SIGN_IN_FAILURES = 10;
export const SIGN_IN_WINDOW_MS = 15 * 60_000;

/** A sign-in try taken from the allowance: kept when the password was wrong, given back when it was right. */
export interface SignInTry {
  forgive(): Promise<void>;
}

/**
 * Failed sign-ins per email and per client address: at most 10 in any 15 minutes, then 429 until a
 * try leaves the window. A try is taken before its password is checked (reserve, then check), so
 * tries sent at once cannot all pass a count read before any of them failed; a right password gives
 * its try back. The tries are claims of the shared limiter (unique inserts, docs/adr/0018) on
 * one-minute slots, so every instance on one store counts the same tries. Emails are kept as
 * hashes, never in the clear.
 */
export class SignInThrottle {
  private readonly limiter: SharedRateLimiter;

  constructor(
    counters: CountersRepository,
    private readonly clock: Clock,
  ) {
    this.limiter = new SharedRateLimiter(counters, { windowMs: SIGN_IN_WINDOW_MS, slotMs: 60_000 });
  }

  private keys(email: string, address: string): string[] {
    const mail = createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
    return [`signin:email:${mail}`, `signin:addr:${address}`];
  }

  /** Take one try for the email and one for the address, or 429 rate_limited (taking neither) when either is used up. */
  async take(email: string, address: string): Promise<SignInTry> {
    const now = this.clock.now().getTime();
    const taken: Claim[] = [];
    for (const key of this.keys(email, address)) {
      const { decision, claim } = await this.limiter.claim(key, SIGN_IN_FAILURES, 1, now);
      if (!claim) {
        await this.giveBack(taken);
        throw new LskError('rate_limited', 'Too many failed sign-ins; try again later.', { retryAfter: decision.resetSeconds });
      }
      taken.push(claim);
    }
    return { forgive: () => this.giveBack(taken) };
  }

  private async giveBack(claims: Claim[]): Promise<void> {
    for (const c of claims) await this.limiter.giveBack(c);
  }
}
