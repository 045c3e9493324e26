/** The signed-in user's second factors (/auth/2fa, /auth/passkeys), their sessions (/auth/sessions) and passkey sign-in. */
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { call } from './auth';

export async function setupTotp(): Promise<{ secret: string; otpauth_url: string }> {
  return (await (await call('POST', '/auth/2fa/setup')).json()) as { secret: string; otpauth_url: string };
}

/** Confirms the authenticator with a code: the 10 recovery codes, shown this once. */
export async function enableTotp(code: string): Promise<string[]> {
  return ((await (await call('POST', '/auth/2fa/enable', { code })).json()) as { recovery_codes: string[] }).recovery_codes;
}

export async function disableTotp(code: string): Promise<void> {
  await call('POST', '/auth/2fa/disable', { code });
}

export interface PasskeyInfo {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export async function listPasskeys(): Promise<PasskeyInfo[]> {
  return ((await (await call('GET', '/auth/passkeys')).json()) as { data: PasskeyInfo[] }).data;
}

/** Register a passkey: the service's options, the browser's ceremony, the answer kept under `name`. */
export async function addPasskey(name: string): Promise<PasskeyInfo> {
  const optionsJSON = await (await call('POST', '/auth/passkeys/options')).json();
  const response = await startRegistration({ optionsJSON });
  return (await (await call('POST', '/auth/passkeys', { response, ...(name ? { name } : {}) })).json()) as PasskeyInfo;
}

export async function removePasskey(id: string): Promise<void> {
  await call('DELETE', `/auth/passkeys/${encodeURIComponent(id)}`);
}

/** Sign in with a passkey alone: signed in (null), or a second step when the authenticator did not verify its user. */
export async function passkeySignIn(): Promise<{ challenge: string; methods: string[] } | null> {
  const optionsJSON = await (await call('POST', '/auth/passkeys/sign-in/options')).json();
  const response = await startAuthentication({ optionsJSON });
  const res = await call('POST', '/auth/passkeys/sign-in', { response });
  return res.status === 200 ? ((await res.json()) as { challenge: string; methods: string[] }) : null;
}

/** Answer a sign-in's second step with one of the account's passkeys. */
export async function passkeyAnswer(challenge: string): Promise<unknown> {
  const optionsJSON = await (await call('POST', '/auth/sign-in/passkey-options', { challenge })).json();
  return startAuthentication({ optionsJSON });
}

export interface SessionInfo {
  id: string;
  created_at: string;
  last_seen_at: string;
  browser: string | null;
  os: string | null;
  current: boolean;
}

export async function listSessions(): Promise<SessionInfo[]> {
  return ((await (await call('GET', '/auth/sessions')).json()) as { data: SessionInfo[] }).data;
}

export async function revokeSession(id: string): Promise<void> {
  await call('DELETE', `/auth/sessions/${encodeURIComponent(id)}`);
}
