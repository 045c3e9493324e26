/**
 * What happens to accounts, as typed events the services emit: sign-ins and failed sign-ins, second
 * factors turned on or off, passkeys added or removed, sessions revoked. Subscribers (the emails of
 * ../mail/account-mail.ts; the audit log) hear every one whatever surface caused it. Events carry
 * ids, the account's email and what the client was (browser and OS families), never a secret: no
 * password, code, token or key.
 */

export type AccountAction =
  | 'user.signed_in'
  | 'user.sign_in_failed'
  | 'user.two_factor_enabled'
  | 'user.two_factor_disabled'
  | 'user.recovery_code_used'
  | 'user.passkey_added'
  | 'user.passkey_removed'
  | 'user.session_revoked'
  | 'user.password_reset_requested';

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

export interface AccountEvent {
  action: AccountAction;
  at: Date;
  /** The account concerned; null for a failed sign-in naming no known account. */
  user: { id: string; email: string } | null;
  /** What was acted on, when it is not the user: a session (its public `ses_…` id) or a passkey. */
  target?: { type: 'session' | 'passkey'; id: string };
  /** How: the first factor of a sign-in (or what was tried, for a failure). */
  method?: SignInMethod;
  /** user.signed_in: the second factor answered, when one was asked for. */
  secondFactor?: SecondFactor;
  /** user.signed_in: the first sign-in of this user from this browser. */
  newDevice?: boolean;
  browser: string | null;
  os: string | null;
  requestId: string;
}

export type AccountListener = (event: AccountEvent) => void;

export class AccountEvents {
  private listeners: AccountListener[] = [];

  on(listener: AccountListener): void {
    this.listeners.push(listener);
  }

  /** Tell every subscriber; one that throws does not stop the others or the caller. */
  emit(event: AccountEvent): void {
    for (const l of this.listeners) {
      try {
        l(event);
      } catch {
        // A subscriber's failure is its own (each logs what it needs to).
      }
    }
  }
}

/** The event fields that come from the request. */
export const fromClient = (c: ClientInfo): Pick<AccountEvent, 'browser' | 'os' | 'requestId'> => ({ browser: c.browser, os: c.os, requestId: c.requestId });
