import type { User } from '../../domain/accounts.js';
import type { Clock } from '../../domain/clock.js';
import { LskError } from '../../domain/errors.js';
import { actingUser, type ClientInfo, detailOf } from '../../domain/events/account-events.js';
import type { ServiceEvents } from '../../domain/events/service-events.js';
import type { Repositories } from '../../storage/repositories.js';
import { takeTry } from './challenges.js';
import { matchRecoveryCode, newRecoveryCodes, recoveryHash } from './recovery-codes.js';
import { matchingStep, newTotpSecret, otpauthUrl } from './totp.js';

/** A used TOTP step is remembered this long (longer than the ±1 step it could be accepted in). */
const USED_STEP_MS = 5 * 60_000;
/** A used recovery code is remembered as long as any code set could live. */
const USED_RECOVERY_MS = 10 * 365 * 86_400_000;
/** Tries at turning TOTP on or off, per user, per 15-minute window (right or wrong). */
export const CHANGE_TRIES = 10;
const CHANGE_WINDOW_MS = 15 * 60_000;

/** A user's second factors: an authenticator app, and how many passkeys. */
export interface SecondFactors {
  totp: boolean;
  passkeys: number;
}

export type CodeKind = 'totp' | 'recovery_code';

const wrongCode = () => LskError.validation([{ path: 'code', message: 'is not right, or was used already' }]);

/**
 * Authenticator apps (TOTP) and recovery codes: setting up, turning on (with a code, which returns
 * 10 recovery codes shown once) and off, and checking a sign-in code. Every code and recovery code
 * works once, across instances: its use is a one-time record (user, time step) or (user, code hash).
 */
export class TwoFactorService {
  private readonly issuer: string;

  constructor(
    private readonly repos: Pick<Repositories, 'twoFactor' | 'passkeys' | 'oneTime'>,
    private readonly clock: Clock,
    private readonly events: ServiceEvents,
    publicUrl: string,
  ) {
    this.issuer = `lsk (${new URL(publicUrl).host})`;
  }

  async factors(userId: string): Promise<SecondFactors> {
    const [totp, passkeys] = await Promise.all([this.repos.twoFactor.get(userId), this.repos.passkeys.listByUser(userId)]);
    return { totp: totp?.enabledAt != null, passkeys: passkeys.length };
  }

  /** A new secret to confirm with `enable` (replacing one set up before and never confirmed). */
  async setup(user: User): Promise<{ secret: string; otpauthUrl: string }> {
    if ((await this.repos.twoFactor.get(user.id))?.enabledAt) throw alreadyOn();
    const secret = await newTotpSecret();
    await this.repos.twoFactor.setPending(user.id, secret, this.clock.now());
    return { secret, otpauthUrl: await otpauthUrl(secret, user.email, this.issuer) };
  }

  /** Confirm the secret set up with a code from the app: TOTP is on; the 10 recovery codes (shown this once). */
  async enable(user: User, code: string, client: ClientInfo): Promise<string[]> {
    await this.spendTry(user.id);
    const rec = await this.repos.twoFactor.get(user.id);
    if (rec?.enabledAt) throw alreadyOn();
    if (!rec?.pendingSecret)
      throw LskError.validation([{ path: 'code', message: 'has nothing to confirm: set up the authenticator first (POST /auth/2fa/setup)' }]);
    if (!(await this.useTotp(user.id, rec.pendingSecret, code))) throw wrongCode();
    const codes = newRecoveryCodes();
    await this.repos.twoFactor.enable(
      user.id,
      rec.pendingSecret,
      codes.map((c) => recoveryHash(user.id, c)),
      this.clock.now(),
    );
    this.emit('user.two_factor_enabled', user, client);
    return codes;
  }

  /** Turn TOTP off with a code from the app or a recovery code. */
  async disable(user: User, code: string, client: ClientInfo): Promise<void> {
    await this.spendTry(user.id);
    const rec = await this.repos.twoFactor.get(user.id);
    if (!rec?.enabledAt) throw LskError.validation([{ path: 'code', message: 'is not needed: two-factor sign-in with an authenticator app is off' }]);
    if (!(await this.useCode(user.id, code))) throw wrongCode();
    await this.repos.twoFactor.remove(user.id);
    this.emit('user.two_factor_disabled', user, client);
  }

  /** Use a sign-in code (6 digits from the app, or an unused recovery code): what it was, or null when it is not right or was used. */
  async useCode(userId: string, code: string): Promise<CodeKind | null> {
    const rec = await this.repos.twoFactor.get(userId);
    if (!rec?.enabledAt || !rec.secret) return null;
    if (/^\d{6}$/.test(code)) return (await this.useTotp(userId, rec.secret, code)) ? 'totp' : null;
    const hash = matchRecoveryCode(rec.recoveryHashes, userId, code);
    if (!hash) return null;
    const until = new Date(this.clock.now().getTime() + USED_RECOVERY_MS);
    return (await this.repos.oneTime.claim(`recovery:${userId}:${hash}`, until)) ? 'recovery_code' : null;
  }

  private async useTotp(userId: string, secret: string, code: string): Promise<boolean> {
    const now = this.clock.now().getTime();
    const step = await matchingStep(secret, code, now);
    return step !== null && this.repos.oneTime.claim(`totp:${userId}:${step}`, new Date(now + USED_STEP_MS));
  }

  /** At most CHANGE_TRIES codes per user per window when turning TOTP on or off (reserved before checking): 429 past them. */
  private async spendTry(userId: string): Promise<void> {
    const now = this.clock.now().getTime();
    const window = Math.floor(now / CHANGE_WINDOW_MS);
    const end = (window + 1) * CHANGE_WINDOW_MS;
    if ((await takeTry(this.repos.oneTime, `2fa-change:${userId}:${window}`, CHANGE_TRIES, new Date(end))) === null) {
      throw new LskError('rate_limited', 'Too many codes tried; wait a few minutes.', { retryAfter: Math.max(1, Math.ceil((end - now) / 1000)) });
    }
  }

  private emit(action: 'user.two_factor_enabled' | 'user.two_factor_disabled', user: User, client: ClientInfo): void {
    this.events.emitForUser(actingUser(user, client), action, user.id, detailOf(user, client));
  }
}

function alreadyOn(): LskError {
  return LskError.validation([{ path: 'two_factor', message: 'is on already; turn it off first to change the authenticator' }]);
}
