import { DAY_MS } from '../domain/clock.js';

const S = 1000;
const M = 60 * S;
const H = 60 * M;

/** Waits before retries 1..7 (Standard Webhooks' schedule); after the 8th failed attempt a delivery is `failed`. */
export const RETRY_DELAYS_MS: readonly number[] = [5 * S, 5 * M, 30 * M, 2 * H, 5 * H, 10 * H, 10 * H];

/** An endpoint whose attempts have all failed for this long is disabled. */
export const DISABLE_AFTER_MS = 5 * DAY_MS;

/** How long a claimed attempt is reserved for its instance (far more than the 10 s an attempt may take). */
export const LEASE_MS = 60 * S;

/** When to try again after `attempts` attempts have failed, or null when no retry is left. */
export function nextAttemptAfter(attempts: number, failedAt: Date): Date | null {
  const wait = RETRY_DELAYS_MS[attempts - 1];
  return wait === undefined ? null : new Date(failedAt.getTime() + wait);
}
