import type { Role } from './scopes.js';

/** Who did something, as the audit log names them. */
export const ACTOR_TYPES = ['user', 'key', 'cli', 'system'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

/** A user (`usr_…`, their email), an API key (`key_…`, its name), the operator's CLI, or lsk itself. */
export interface Actor {
  type: ActorType;
  id: string;
  label: string;
}

/**
 * The links a restricted API key may see and change (docs/adr/0121): those on one of `domains`
 * (when set) that also carry one of `tags` (when set). Tags are kept as given; compare with tagKey.
 */
export interface LinkRestriction {
  domains: readonly string[] | null;
  tags: readonly string[] | null;
}

/** Who acts and for which request, before a workspace is known (creating one, signing in): a Caller is one too. */
export interface Acting {
  actor: Actor;
  requestId: string | null;
}

/**
 * Who acts, in which workspace, for which request: the first argument of every workspace-scoped
 * service call (docs/adr/0120). The edges make it (GraphQL and REST from the principal, the CLI for
 * the operator); services read the workspace, the role and the restriction from it and put the actor
 * and request id on the events they emit, so no surface can forget to say who did what.
 */
export interface Caller {
  workspaceId: string;
  actor: Actor;
  /** The HTTP request's id (X-Request-Id); one per command for the CLI; null for lsk's own work. */
  requestId: string | null;
  /** A signed-in member's role; null for API keys, the CLI and the system (their scopes already decided). */
  role: Role | null;
  /** Null: every link of the workspace. */
  restriction: LinkRestriction | null;
}

/** A signed-in (or signing-in) user as an actor: their id, labelled by their email. */
export function userActor(user: { id: string; email: string }): Actor {
  return { type: 'user', id: user.id, label: user.email };
}

/** lsk acting on its own (renewing a key, sweeping): no request, no role, no restriction. */
export function systemCaller(workspaceId: string, label = 'lsk'): Caller {
  return { workspaceId, actor: { type: 'system', id: 'system', label }, requestId: null, role: null, restriction: null };
}
