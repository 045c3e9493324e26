import type { User } from '../domain/accounts.js';
import { LskError } from '../domain/errors.js';
import type { ApiKey, Workspace } from '../domain/model.js';
import type { Role, Scope } from '../domain/scopes.js';

/** A caller authenticated by an API key (`Authorization: Bearer lsk_live_…`). */
export interface KeyPrincipal {
  kind: 'key';
  key: ApiKey;
  workspace: Workspace;
  /** Granted scopes, implications included (see expandScopes). */
  scopes: ReadonlySet<Scope>;
  /** The successor's secret, while the key is in its renewal window. */
  rotatedKey?: string;
}

/** A signed-in dashboard user (cookie `lsk_session`) acting in the workspace named by `Lsk-Workspace`. */
export interface UserPrincipal {
  kind: 'user';
  user: User;
  /** The session's id (the SHA-256 of its cookie). */
  sessionId: string;
  workspace: Workspace;
  role: Role;
  /** ROLE_SCOPES[role]. */
  scopes: ReadonlySet<Scope>;
  rotatedKey?: undefined;
}

/** Whoever a request acts for. Every kind names the workspace it acts in and the scopes it holds. */
export type Principal = KeyPrincipal | UserPrincipal;

/** 401 unauthorized: a call that needs a caller got none. */
export function credentialsRequired(): LskError {
  return new LskError('unauthorized', 'An API key is required: send "Authorization: Bearer lsk_live_...".');
}
