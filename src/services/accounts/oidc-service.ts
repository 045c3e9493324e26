import { timingSafeEqual } from 'node:crypto';
import type * as OpenIdClient from 'openid-client';
import { emailKey, type Role, type User } from '../../domain/accounts.js';
import { userActor } from '../../domain/caller.js';
import { deferred, loadAtStart } from '../../domain/deferred.js';
import { LskError } from '../../domain/errors.js';
import type { Repositories } from '../../storage/repositories.js';
import type { AccountService } from './account-service.js';
import type { Challenges } from './challenges.js';
import type { MemberService } from './member-service.js';
import { hashSecret, newSecret } from './secrets.js';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** New users whose verified email has no account join this workspace with this role (else only by invite). */
  autoJoin: { slug: string; role: Role } | null;
}

/** How long the provider may take to send the user back. */
const FLIGHT_MS = 10 * 60_000;

interface Flight {
  verifier: string;
  nonce: string;
  /** SHA-256 of the browser-binding cookie: the callback must come from the browser that started. */
  binding: string;
  next: string;
  invite: string | null;
}

/** Why an OIDC sign-in was refused, as the sign-in page shows it (`?sso_error=`). */
export type OidcRefusal = 'failed' | 'email_unverified' | 'no_account' | 'invite_mismatch';

export class OidcRefused extends Error {
  constructor(readonly reason: OidcRefusal) {
    super(`oidc sign-in refused: ${reason}`);
  }
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
/** Loaded by the server at start only when single sign-on is configured (this service is built). */
const openIdClient = deferred(() => import('openid-client'), { atStart: false });

/**
 * Single sign-on with an OpenID Connect provider through openid-client: authorization code flow with
 * PKCE (S256), state and nonce; the state names a one-time record holding the verifier and nonce,
 * bound to the starting browser by a cookie. Users are matched by their VERIFIED email only; an
 * email without an account signs up only with an invite for that email (the invite link's "Sign in
 * with SSO") or, when LSK_OIDC_AUTO_JOIN names a workspace, as a member of that workspace. The
 * provider is discovered on first use (and again after a failure); it must be https except on
 * loopback (tests, local providers).
 */
export class OidcService {
  private config: Promise<OpenIdClient.Configuration> | null = null;
  private readonly redirectUri: string;

  constructor(
    private readonly settings: OidcSettings,
    private readonly repos: Pick<Repositories, 'users' | 'workspaces' | 'members'>,
    private readonly challenges: Challenges,
    private readonly accounts: AccountService,
    private readonly members: MemberService,
    publicUrl: string,
  ) {
    this.redirectUri = `${publicUrl}/auth/oidc/callback`;
    loadAtStart(openIdClient);
  }

  private discover(): Promise<OpenIdClient.Configuration> {
    if (!this.config) {
      const issuer = new URL(this.settings.issuer);
      const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
      this.config = openIdClient()
        .then((oidc) =>
          oidc.discovery(
            issuer,
            this.settings.clientId,
            this.settings.clientSecret,
            undefined,
            insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
          ),
        )
        .catch((e: unknown) => {
          this.config = null;
          throw e;
        });
    }
    return this.config;
  }

  /** Where to send the browser, and the cookie value binding the flight to it. */
  async start(next: string, invite: string | null): Promise<{ url: string; binding: string }> {
    let config: OpenIdClient.Configuration;
    try {
      config = await this.discover();
    } catch (e) {
      throw new LskError('unavailable', 'The single sign-on provider cannot be reached; try again later.', { cause: e });
    }
    const oidc = await openIdClient();
    const verifier = oidc.randomPKCECodeVerifier();
    const nonce = oidc.randomNonce();
    const binding = newSecret();
    const state = oidc.randomState();
    await this.challenges.open('oidc', { verifier, nonce, binding: hashSecret(binding), next, invite } satisfies Flight, FLIGHT_MS, state);
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, binding };
  }

  /** The provider sent the browser back: the user to sign in and where to go; OidcRefused otherwise. */
  async callback(query: URLSearchParams, binding: string | undefined, requestId: string | null): Promise<{ user: User; next: string }> {
    const state = query.get('state') ?? '';
    const flight = state ? await this.challenges.read<Flight>('oidc', state) : null;
    if (!flight || !binding || !sameHash(flight.binding, hashSecret(binding)) || !(await this.challenges.take('oidc', state, FLIGHT_MS))) {
      throw new OidcRefused('failed');
    }
    const claims = await this.claims(query, state, flight).catch(() => null);
    if (!claims) throw new OidcRefused('failed');
    const email = typeof claims.email === 'string' ? claims.email : '';
    if (!email || claims.email_verified !== true) throw new OidcRefused('email_unverified');
    const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim().slice(0, 100) : email.split('@')[0]!.slice(0, 100);
    return { user: await this.userFor(email, name, flight.invite, requestId), next: flight.next };
  }

  /**
   * The code exchanged for tokens (PKCE verifier, state and nonce checked by openid-client): the ID
   * token's claims, completed from the userinfo endpoint when the ID token leaves out the email (as
   * providers that keep ID tokens small do).
   */
  private async claims(query: URLSearchParams, state: string, flight: Flight): Promise<Record<string, unknown>> {
    const config = await this.discover();
    const oidc = await openIdClient();
    const tokens = await oidc.authorizationCodeGrant(config, new URL(`${this.redirectUri}?${query.toString()}`), {
      pkceCodeVerifier: flight.verifier,
      expectedState: state,
      expectedNonce: flight.nonce,
      idTokenExpected: true,
    });
    const claims: Record<string, unknown> = { ...tokens.claims() };
    if (typeof claims.email !== 'string') Object.assign(claims, await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub)));
    return claims;
  }

  /** The account of a verified email: existing, made from an invite for that email, or made by auto-join. */
  private async userFor(email: string, name: string, invite: string | null, requestId: string | null): Promise<User> {
    const existing = await this.repos.users.getByEmail(email);
    if (invite) {
      const found = await this.members.inviteByToken(invite);
      if (!found || emailKey(found.invite.email) !== emailKey(email)) throw new OidcRefused('invite_mismatch');
      const { user } = await this.members.accept(invite, existing, () => this.accounts.createUser(email, name), requestId);
      return user;
    }
    if (existing) return existing;
    const join = this.settings.autoJoin;
    const workspace = join ? await this.repos.workspaces.getBySlug(join.slug) : null;
    if (!join || !workspace) throw new OidcRefused('no_account');
    const user = await this.accounts.createUser(email, name);
    // The new user joins by their own SSO sign-in: they are the actor of `member.added`.
    await this.accounts.addMember({ actor: userActor(user), requestId }, workspace, user.id, join.role);
    return user;
  }
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
