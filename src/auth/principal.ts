import type { User } from '../domain/accounts.js';
import type { Caller } from '../domain/caller.js';
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

/** 403 for a call outside the principal's scopes: `forbidden` by a member's role, `insufficient_scope` for a key. */
export function scopeRefusal(p: Principal, scope: string): LskError {
  if (p.kind === 'user') return new LskError('forbidden', `Your role (${p.role}) does not allow this: it needs "${scope}".`);
  return new LskError('insufficient_scope', `This call needs the scope "${scope}".`);
}

/** The principal as the services' Caller for one request: its workspace, actor, role and link restriction. */
export function callerOf(p: Principal, requestId: string): Caller {
  if (p.kind === 'user') {
    return { workspaceId: p.workspace.id, actor: { type: 'user', id: p.user.id, label: p.user.email }, requestId, role: p.role, restriction: null };
  }
  const { key } = p;
  const restriction = key.domains || key.tags ? { domains: key.domains, tags: key.tags } : null;
  return { workspaceId: p.workspace.id, actor: { type: 'key', id: key.id, label: key.name }, requestId, role: null, restriction };
}
