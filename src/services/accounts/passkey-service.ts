import { randomBytes } from 'node:crypto';
import type { verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { User } from '../../domain/accounts.js';
import type { Clock } from '../../domain/clock.js';
import { deferred } from '../../domain/deferred.js';
import { LskError } from '../../domain/errors.js';
import { actingUser, type ClientInfo, detailOf } from '../../domain/events/account-events.js';
import type { ServiceEvents } from '../../domain/events/service-events.js';
import { newId } from '../../domain/ids.js';
import type { AuthenticationResponse, RegistrationResponse } from '../../domain/passkey-schemas.js';
import type { Passkey } from '../../domain/second-factor.js';
import { StoreConflict } from '../../storage/errors.js';
import type { Repositories } from '../../storage/repositories.js';
import type { Challenges } from './challenges.js';

/** A WebAuthn ceremony must finish within this. */
const CEREMONY_MS = 5 * 60_000;
export const MAX_PASSKEYS = 20;
// Loaded by the first passkey ceremony, not at the server's start (docs/adr/0224): most starts see none.
const webauthn = deferred(() => import('@simplewebauthn/server'), { atStart: false });

/** What a passkey sign-in proved: whose passkey, and whether the authenticator verified its user (PIN, biometrics). */
export interface PasskeyProof {
  user: User;
  userVerified: boolean;
}

const refused = () => new LskError('invalid_credentials', 'The passkey was not accepted; try again or use another way to sign in.');

/**
 * Passkeys (WebAuthn) through @simplewebauthn/server: registering one while signed in, signing in
 * with one (alone, when the authenticator verified its user, or as the second factor after a
 * password), listing and removing. The relying party is LSK_PUBLIC_URL: its host is the RP ID and
 * its origin the only origin accepted. Each ceremony's challenge is a one-time record, taken once.
 */
export class PasskeyService {
  private readonly rpID: string;
  private readonly origin: string;

  constructor(
    private readonly repos: Pick<Repositories, 'passkeys' | 'users'>,
    private readonly clock: Clock,
    private readonly challenges: Challenges,
    private readonly events: ServiceEvents,
    publicUrl: string,
  ) {
    const url = new URL(publicUrl);
    this.rpID = url.hostname;
    this.origin = url.origin;
  }

  list(userId: string): Promise<Passkey[]> {
    return this.repos.passkeys.listByUser(userId);
  }

  /** Options for `navigator.credentials.create()` (the browser package's startRegistration). */
  async registrationOptions(user: User) {
    const existing = await this.repos.passkeys.listByUser(user.id);
    if (existing.length >= MAX_PASSKEYS)
      throw LskError.validation([{ path: 'passkeys', message: `are at most ${MAX_PASSKEYS} per account; remove one first` }]);
    const { generateRegistrationOptions } = await webauthn();
    const options = await generateRegistrationOptions({
      rpName: 'lsk',
      rpID: this.rpID,
      userName: user.email,
      userDisplayName: user.name,
      userID: new TextEncoder().encode(user.id),
      challenge: randomBytes(32),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    await this.challenges.open('passkey_register', { userId: user.id }, CEREMONY_MS, options.challenge);
    return options;
  }

  /** Verify a registration response for `user` and keep the passkey. */
  async register(user: User, response: RegistrationResponse, name: string | undefined, client: ClientInfo): Promise<Passkey> {
    const { verifyRegistrationResponse: verify } = await webauthn();
    let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>['registrationInfo'];
    try {
      const r = await verify({
        response: response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
        expectedChallenge: (c) => this.takeChallenge('passkey_register', c, user.id),
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        requireUserVerification: false,
      });
      info = r.verified ? r.registrationInfo : undefined;
    } catch {
      info = undefined;
    }
    if (!info) throw LskError.validation([{ path: 'response', message: 'is not a valid passkey registration for this account and site (or took too long)' }]);
    const now = this.clock.now();
    const passkey: Passkey = {
      id: newId('pky'),
      credentialId: info.credential.id,
      userId: user.id,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      name: name ?? `Passkey ${now.toISOString().slice(0, 10)}`,
      createdAt: now,
      lastUsedAt: null,
    };
    try {
      await this.repos.passkeys.insert(passkey);
    } catch (e) {
      if (e instanceof StoreConflict) throw LskError.validation([{ path: 'response', message: 'is a passkey registered already' }]);
      throw e;
    }
    this.emit('user.passkey_added', user, passkey.id, client);
    return passkey;
  }

  async remove(user: User, id: string, client: ClientInfo): Promise<void> {
    if (!(await this.repos.passkeys.remove(user.id, id))) throw LskError.notFound('Passkey');
    this.emit('user.passkey_removed', user, id, client);
  }

  /**
   * Options for `navigator.credentials.get()`: for any passkey of this site (a sign-in that starts
   * with the passkey), or only `userId`'s (the second factor after a password).
   */
  async signInOptions(userId?: string) {
    const allow = userId ? (await this.repos.passkeys.listByUser(userId)).map((p) => ({ id: p.credentialId, transports: p.transports })) : [];
    const { generateAuthenticationOptions } = await webauthn();
    const options = await generateAuthenticationOptions({
      rpID: this.rpID,
      challenge: randomBytes(32),
      allowCredentials: allow,
      userVerification: userId ? 'discouraged' : 'required',
    });
    await this.challenges.open('passkey_sign_in', { userId: userId ?? null }, CEREMONY_MS, options.challenge);
    return options;
  }

  /** Check an authentication response: whose passkey it is (when `userId` is given, it must be theirs); 401 otherwise. */
  async authenticate(response: AuthenticationResponse, userId?: string): Promise<PasskeyProof> {
    const passkey = await this.repos.passkeys.getByCredential(response.id);
    if (!passkey || (userId !== undefined && passkey.userId !== userId)) throw refused();
    const { verifyAuthenticationResponse: verify } = await webauthn();
    let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>> | undefined;
    try {
      result = await verify({
        response: response as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
        expectedChallenge: (c) => this.takeChallenge('passkey_sign_in', c, userId ?? null),
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        credential: {
          id: passkey.credentialId,
          publicKey: Buffer.from(passkey.publicKey, 'base64url'),
          counter: passkey.counter,
          transports: passkey.transports,
        },
        requireUserVerification: userId === undefined,
      });
    } catch {
      result = undefined;
    }
    const user = result?.verified ? await this.repos.users.get(passkey.userId) : null;
    if (!result?.verified || !user) throw refused();
    await this.repos.passkeys.used(passkey.id, result.authenticationInfo.newCounter, this.clock.now());
    return { user, userVerified: result.authenticationInfo.userVerified };
  }

  /** A ceremony's challenge is right when it is live, was issued for this user (or for anyone), and this call takes it. */
  private async takeChallenge(kind: 'passkey_register' | 'passkey_sign_in', challenge: string, userId: string | null): Promise<boolean> {
    const data = await this.challenges.read<{ userId: string | null }>(kind, challenge);
    if (!data || data.userId !== userId) return false;
    return this.challenges.take(kind, challenge, CEREMONY_MS);
  }

  private emit(action: 'user.passkey_added' | 'user.passkey_removed', user: User, passkeyId: string, client: ClientInfo): void {
    this.events.emitForUser(actingUser(user, client), action, user.id, { ...detailOf(user, client), target: { type: 'passkey', id: passkeyId } });
  }
}
