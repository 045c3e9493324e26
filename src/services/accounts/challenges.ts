import type { Clock } from '../../domain/clock.js';
import type { OneTimeRepository } from '../../storage/one-time/repository.js';
import { hashSecret, newSecret } from './secrets.js';

/** What a challenge is for; each kind is a namespace of its own. */
export type ChallengeKind = 'second_factor' | 'passkey_register' | 'passkey_sign_in' | 'oidc';

/**
 * Short-lived challenges between two steps of a sign-in (the password then the code; a WebAuthn
 * ceremony; an OIDC redirect and its callback), in the one-time records: stored under the SHA-256
 * of their token, taken at most once, and tried at most N times, all by unique-key inserts, so two
 * instances (or two concurrent requests) can never both take one or overrun its tries.
 */
export class Challenges {
  constructor(
    private readonly oneTime: OneTimeRepository,
    private readonly clock: Clock,
  ) {}

  private key(kind: ChallengeKind, token: string): string {
    return `chl:${kind}:${hashSecret(token)}`;
  }

  /** A new challenge holding `data` for `ttlMs`; its token (shown to the client only). `token` may be given (a WebAuthn challenge). */
  async open(kind: ChallengeKind, data: unknown, ttlMs: number, token = newSecret()): Promise<string> {
    const expiresAt = new Date(this.clock.now().getTime() + ttlMs);
    if (!(await this.oneTime.claim(this.key(kind, token), expiresAt, JSON.stringify(data)))) throw new Error('challenge token collision');
    return token;
  }

  /** The data of a live challenge (unexpired, not taken), or null. */
  async read<T>(kind: ChallengeKind, token: string): Promise<T | null> {
    const key = this.key(kind, token);
    const now = this.clock.now();
    const value = await this.oneTime.get(key, now);
    if (value === null || (await this.oneTime.get(`${key}:taken`, now)) !== null) return null;
    return JSON.parse(value) as T;
  }

  /** Take a challenge: true for exactly one caller, however many race. */
  async take(kind: ChallengeKind, token: string, ttlMs: number): Promise<boolean> {
    const expiresAt = new Date(this.clock.now().getTime() + ttlMs);
    return this.oneTime.claim(`${this.key(kind, token)}:taken`, expiresAt);
  }

  /** Reserve one of the challenge's `max` tries before checking what was sent: its number, or null when all are spent. */
  tryOnce(kind: ChallengeKind, token: string, max: number, ttlMs: number): Promise<number | null> {
    return takeTry(this.oneTime, this.key(kind, token), max, new Date(this.clock.now().getTime() + ttlMs));
  }
}

/**
 * Reserve-then-check: claim `${key}:try:1`, `:try:2`, … up to `max` and return the first number this
 * call inserted (null when all are taken). Concurrent callers each get a different number, so at
 * most `max` checks ever happen.
 */
export async function takeTry(oneTime: OneTimeRepository, key: string, max: number, expiresAt: Date): Promise<number | null> {
  for (let n = 1; n <= max; n++) if (await oneTime.claim(`${key}:try:${n}`, expiresAt)) return n;
  return null;
}
