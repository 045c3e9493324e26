import type { AuditAction } from '../audit.js';
import type { Acting, Actor, Caller } from '../caller.js';
import type { Clock } from '../clock.js';
import type { AccountDetail } from './account-events.js';

/** Something a service did in a workspace: what, to which target, by whom, for which request, when. */
export interface WorkspaceEvent {
  kind: 'workspace';
  action: AuditAction;
  targetId: string;
  workspaceId: string;
  actor: Actor;
  requestId: string | null;
  at: Date;
}

/**
 * Something that happened to a user rather than in one workspace (a sign-in, a failed one, a 2FA
 * change): subscribers decide where it belongs (the audit log records it in each of their workspaces).
 */
export interface UserEvent {
  kind: 'user';
  action: AuditAction;
  userId: string;
  actor: Actor;
  requestId: string | null;
  at: Date;
  /** The account services' events say more (how a sign-in was made, which browser): the emails read it. */
  detail?: AccountDetail;
}

export type ServiceEvent = WorkspaceEvent | UserEvent;

export type ServiceEventListener = (e: ServiceEvent) => void;

/**
 * The services' typed events (docs/adr/0120): a service that changes something calls `emit` with
 * its caller, the action (domain/audit.ts) and the target's id; listeners (the audit log) hear it.
 * Emitting is synchronous and never fails the operation: a listener must only take note and return
 * (the audit log buffers and writes off the request path).
 */
export class ServiceEvents {
  private readonly listeners: ServiceEventListener[] = [];

  constructor(
    private readonly clock: Clock,
    private readonly onListenerError: (e: unknown) => void = () => {},
  ) {}

  subscribe(listener: ServiceEventListener): void {
    this.listeners.push(listener);
  }

  /** `caller` did `action` to `targetId` in the caller's workspace. */
  emit(caller: Pick<Caller, 'workspaceId' | 'actor' | 'requestId'>, action: AuditAction, targetId: string): void {
    const { workspaceId, actor, requestId } = caller;
    this.publish({ kind: 'workspace', action, targetId, workspaceId, actor, requestId, at: this.clock.now() });
  }

  /** `action` happened to the user `userId` (sign-in, failed sign-in, 2FA, passkeys, sessions, password). */
  emitForUser(acting: Acting, action: AuditAction, userId: string, detail?: AccountDetail): void {
    const at = this.clock.now();
    this.publish({ kind: 'user', action, userId, actor: acting.actor, requestId: acting.requestId, at, ...(detail ? { detail } : {}) });
  }

  private publish(e: ServiceEvent): void {
    for (const l of this.listeners) {
      try {
        l(e);
      } catch (err) {
        this.onListenerError(err);
      }
    }
  }
}
