import { type Acting, userActor } from '../caller.js';

/**
 * The account services' part of the services' events (service-events.ts): sign-ins and failed sign-ins,
 * second factors turned on or off, recovery codes used, passkeys added or removed, sessions revoked
 * and password resets requested are user events (`emitForUser`) carrying an AccountDetail. The audit
 * log records them in each of the user's workspaces; the account emails (services/mail/account-mail.ts)
 * read the detail. Nothing in them is secret: ids, the account's email and the browser and OS
 * families, never a password, code, token or key.
 */

/** How someone signed in (or tried to). */
export type SignInMethod = 'password' | 'passkey' | 'oidc' | 'totp' | 'recovery_code' | 'password_link' | 'invite';

/** Who is asking, as the HTTP edge saw it: for events and notices, never stored with secrets. */
export interface ClientInfo {
  requestId: string;
  /** The client address (used for throttling only; not put in events). */
  address: string;
  browser: string | null;
  os: string | null;
}

export type SecondFactor = 'totp' | 'recovery_code' | 'passkey';

/** What an account event says beyond its action, user and actor. */
export interface AccountDetail {
  /** The account's email (where its notices go). */
  email: string;
  browser: string | null;
  os: string | null;
  /** What was acted on, when it is not the user: a session (its public `ses_…` id) or a passkey. */
  target?: { type: 'session' | 'passkey'; id: string };
  /** How: the first factor of a sign-in (or what was tried, for a failure). */
  method?: SignInMethod;
  /** user.signed_in: the second factor answered, when one was asked for. */
  secondFactor?: SecondFactor;
  /** user.signed_in: the first sign-in of this user from this browser. */
  newDevice?: boolean;
}

/** The user acting on their own account from this client. */
export const actingUser = (user: { id: string; email: string }, client: ClientInfo): Acting => ({
  actor: userActor(user),
  requestId: client.requestId,
});

/** The detail every account event carries: the account's email and the client's browser and OS. */
export const detailOf = (user: { email: string }, client: ClientInfo): AccountDetail => ({ email: user.email, browser: client.browser, os: client.os });
