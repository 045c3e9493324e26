/** Sessions live outside GraphQL, at /auth/* (sign-in, sign-out, session, password). */
import { ApiError, fieldMap } from './errors';

export interface SessionWorkspace {
  id: string;
  slug: string;
  role: 'owner' | 'admin' | 'member' | 'viewer';
  /** Members need a second factor to act here. */
  require_2fa: boolean;
}

export interface Session {
  user: { id: string; email: string; name?: string | null };
  workspaces: SessionWorkspace[];
  two_factor: boolean;
  second_factors: { totp: boolean; passkeys: number };
}

/** The first step of a sign-in when the account has a second factor: answer `challenge` one of `methods`. */
export interface SecondStep {
  second_factor_required: true;
  challenge: string;
  methods: ('totp' | 'recovery_code' | 'passkey')[];
}

export async function call(method: string, path: string, body?: unknown): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { 'x-lsk-csrf': '1', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError('network', 'The service cannot be reached. Check your connection and try again.');
  }
  if (res.ok) return res;
  let err: { code?: string; message?: string; details?: unknown; request_id?: string } = {};
  try {
    err = ((await res.json()) as { error?: typeof err }).error ?? {};
  } catch {
    // Not JSON: the status says enough.
  }
  throw new ApiError(err.code ?? `http_${res.status}`, err.message ?? `The service answered ${res.status}.`, fieldMap(err.details), res.status, err.request_id);
}

/** The signed-in user and their workspaces, or null when nobody is signed in. */
export async function getSession(): Promise<Session | null> {
  try {
    return (await (await call('GET', '/auth/session')).json()) as Session;
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return null;
    throw e;
  }
}

/** Signed in (null), or the second step to take. */
export async function signIn(email: string, password: string): Promise<SecondStep | null> {
  const res = await call('POST', '/auth/sign-in', { email, password });
  return res.status === 200 ? ((await res.json()) as SecondStep) : null;
}

/** Answer the second step with a code (authenticator app or recovery code) or a passkey's answer. */
export async function verifySignIn(challenge: string, answer: { code: string } | { passkey: unknown }): Promise<void> {
  await call('POST', '/auth/sign-in/verify', { challenge, ...answer });
}

/** What this service offers at sign-in. */
export interface SignInMethods {
  password: boolean;
  passkey: boolean;
  oidc: boolean;
  password_reset: boolean;
  email: boolean;
}

export async function signInMethods(): Promise<SignInMethods> {
  return (await (await call('GET', '/auth/methods')).json()) as SignInMethods;
}

/** Ask for a reset email (answered the same whether or not the address has an account). */
export async function requestPasswordReset(email: string): Promise<void> {
  await call('POST', '/auth/password-reset', { email });
}

/** What an invite is for. */
export interface InviteInfo {
  email: string;
  role: SessionWorkspace['role'];
  workspace: { id: string; slug: string };
  expires_at: string;
}

export async function inviteInfo(token: string): Promise<InviteInfo> {
  return (await (await call('GET', `/auth/invites/${encodeURIComponent(token)}`)).json()) as InviteInfo;
}

export async function signOut(): Promise<void> {
  await call('POST', '/auth/sign-out');
}

/** Accepts an invite: signed in, joins its workspace; signed out, `{name, password}` creates the account and signs in. */
export async function acceptInvite(token: string, account?: { name: string; password: string }): Promise<Session> {
  return (await (await call('POST', `/auth/invites/${encodeURIComponent(token)}/accept`, account ?? {})).json()) as Session;
}

/** Ends every session of the user, this one included. */
export async function signOutEverywhere(): Promise<void> {
  await call('POST', '/auth/sign-out-everywhere');
}

/** Set a password from a one-time token, or change it with the current one (signs out every other session). */
export async function setPassword(body: { token: string; new_password: string } | { current_password: string; new_password: string }): Promise<void> {
  await call('POST', '/auth/password', body);
}
