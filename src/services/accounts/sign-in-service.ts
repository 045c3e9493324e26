import type { User } from '../../domain/accounts.js';
import { LskError } from '../../domain/errors.js';
import { actingUser, type ClientInfo, detailOf, type SecondFactor, type SignInMethod } from '../../domain/events/account-events.js';
import type { ServiceEvents } from '../../domain/events/service-events.js';
import type { AuthenticationResponse } from '../../domain/passkey-schemas.js';
import type { Repositories } from '../../storage/repositories.js';
import type { AccountService } from './account-service.js';
import type { Challenges } from './challenges.js';
import type { PasskeyService } from './passkey-service.js';
import type { SignInThrottle } from './sign-in-throttle.js';
import type { TwoFactorService } from './two-factor-service.js';

/** How long the second step of a sign-in may wait for its code. */
export const CHALLENGE_MS = 10 * 60_000;
/** Wrong codes that void a sign-in challenge. */
export const CHALLENGE_TRIES = 5;

/** How a sign-in was made: its first factor, and the second when one was asked for. */
export interface SignedInBy {
  user: User;
  method: SignInMethod;
  secondFactor?: SecondFactor;
}

/** After the first factor: signed in, or a challenge to answer with a second factor. */
export type FirstStep = SignedInBy | { challenge: string; methods: SecondFactor[] };

interface ChallengeData {
  userId: string;
  method: SignInMethod;
}

const voided = () =>
  LskError.validation(
    [{ path: 'challenge', message: 'is unknown, expired, used, or void after 5 wrong codes: sign in again' }],
    'This sign-in has ended; sign in again.',
  );

/**
 * Sign-in in one or two steps. A password (or a passkey that did not verify its user) is the first
 * factor; a user with an authenticator app or a passkey then gets a challenge (10 minutes, 5 tries,
 * each try reserved before the code is checked, so concurrent guesses cannot exceed 5) and answers it
 * with a TOTP code, a recovery code or a passkey. A passkey that verified its user (PIN, biometrics)
 * is both factors. Every failure for a known account (a wrong password or second factor) is a
 * `user.sign_in_failed` event, recorded in the account's workspaces; wrong passwords and codes count
 * against the same per-email and per-address throttle.
 */
export class SignInService {
  constructor(
    private readonly repos: Pick<Repositories, 'users'>,
    private readonly accounts: AccountService,
    private readonly twoFactor: TwoFactorService,
    private readonly passkeys: PasskeyService,
    private readonly challenges: Challenges,
    private readonly throttle: SignInThrottle,
    private readonly events: ServiceEvents,
  ) {}

  async password(email: string, password: string, client: ClientInfo): Promise<FirstStep> {
    // A wrong password for an account is recorded by the account service itself.
    const user = await this.accounts.verify(email, password, client.address, client.requestId);
    return this.secondStep(user, 'password');
  }

  /**
   * A passkey sign-in that starts with the passkey: both factors when its authenticator verified the
   * user. A refused one names no account lsk could record it for (the request log has it).
   */
  async passkey(response: AuthenticationResponse): Promise<FirstStep> {
    const proof = await this.passkeys.authenticate(response);
    return proof.userVerified ? { user: proof.user, method: 'passkey' } : this.secondStep(proof.user, 'passkey');
  }

  /** The user is signed in unless they have a second factor; then a challenge naming the ways to answer it. */
  async secondStep(user: User, method: SignInMethod): Promise<FirstStep> {
    const f = await this.twoFactor.factors(user.id);
    if (!f.totp && f.passkeys === 0) return { user, method };
    const methods: SecondFactor[] = [...(f.totp ? (['totp', 'recovery_code'] as const) : []), ...(f.passkeys > 0 ? (['passkey'] as const) : [])];
    const challenge = await this.challenges.open('second_factor', { userId: user.id, method } satisfies ChallengeData, CHALLENGE_MS);
    return { challenge, methods };
  }

  /** Options for answering a challenge with one of the user's passkeys. */
  async passkeyOptions(challenge: string) {
    const { user } = await this.open(challenge);
    return this.passkeys.signInOptions(user.id);
  }

  /** Answer a challenge with a TOTP or recovery code: the user, signed in. */
  async verifyCode(challenge: string, code: string, client: ClientInfo): Promise<SignedInBy> {
    return this.answer(challenge, client, 'totp', async (user) => {
      const kind = await this.twoFactor.useCode(user.id, code);
      if (kind === 'recovery_code') this.emit('user.recovery_code_used', user, client);
      return kind;
    });
  }

  /** Answer a challenge with one of the user's passkeys. */
  async verifyPasskey(challenge: string, response: AuthenticationResponse, client: ClientInfo): Promise<SignedInBy> {
    return this.answer(challenge, client, 'passkey', async (user) => {
      try {
        await this.passkeys.authenticate(response, user.id);
        return 'passkey';
      } catch (e) {
        if (e instanceof LskError && e.code === 'invalid_credentials') return null;
        throw e;
      }
    });
  }

  private async answer(challenge: string, client: ClientInfo, via: SignInMethod, check: (user: User) => Promise<SecondFactor | null>): Promise<SignedInBy> {
    const { user, method: first } = await this.open(challenge);
    // Both reserved before the code is checked: one of the challenge's 5 tries (beyond them it is void),
    // then a try from the sign-in allowance of wrong passwords and codes (given back when right).
    const attempt = await this.challenges.tryOnce('second_factor', challenge, CHALLENGE_TRIES, CHALLENGE_MS);
    if (attempt === null) throw voided();
    const tried = await this.throttle.take(user.email, client.address);
    const secondFactor = await check(user);
    if (!secondFactor) {
      this.failed(user, via, client);
      const left = CHALLENGE_TRIES - attempt;
      throw new LskError(
        'invalid_credentials',
        left > 0 ? 'The code is not right, or was used already.' : 'The code is not right; this sign-in is void now: sign in again.',
      );
    }
    await tried.forgive();
    // Of two right answers racing, one signs in.
    if (!(await this.challenges.take('second_factor', challenge, CHALLENGE_MS))) throw voided();
    return { user, method: first, secondFactor };
  }

  private async open(challenge: string): Promise<{ user: User; method: SignInMethod }> {
    const data = await this.challenges.read<ChallengeData>('second_factor', challenge);
    const user = data ? await this.repos.users.get(data.userId) : null;
    if (!data || !user) throw voided();
    return { user, method: data.method };
  }

  /** A wrong second factor for a known account (recorded in its workspaces). */
  private failed(user: User, method: SignInMethod, client: ClientInfo): void {
    this.events.emitForUser(actingUser(user, client), 'user.sign_in_failed', user.id, { ...detailOf(user, client), method });
  }

  private emit(action: 'user.recovery_code_used', user: User, client: ClientInfo): void {
    this.events.emitForUser(actingUser(user, client), action, user.id, detailOf(user, client));
  }
}
