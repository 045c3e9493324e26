import { LskError } from '../domain/errors.js';
import type { ApiKey, Workspace } from '../domain/model.js';
import type { Scope } from './scopes.js';

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

/**
 * Whoever a request acts for. Every kind names the workspace it acts in and the scopes it holds;
 * a signed-in dashboard user (`kind: 'user'`, with a role mapped through ROLE_SCOPES) joins this
 * union when sessions exist.
 */
export type Principal = KeyPrincipal;

/** 401 unauthorized: a call that needs a caller got none. */
export function credentialsRequired(): LskError {
  return new LskError('unauthorized', 'An API key is required: send "Authorization: Bearer lsk_live_...".');
}
