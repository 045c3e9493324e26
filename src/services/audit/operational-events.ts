import { type AuditAction, isAuditAction } from '../../domain/audit.js';
import type { Actor } from '../../domain/caller.js';
import type { OperationalEvent, OperationalEvents } from '../../domain/events/link-events.js';
import type { ServiceEvents } from '../../domain/events/service-events.js';

/** Who the audit log names for each operational action: these events carry no caller of their own. */
const ACTORS: Partial<Record<AuditAction, Actor>> = {
  // `lsk link disable|enable`, `lsk workspace suspend|unsuspend`: the operator's commands.
  'link.disabled': { type: 'cli', id: 'cli', label: 'operator' },
  'link.enabled': { type: 'cli', id: 'cli', label: 'operator' },
  'workspace.suspended': { type: 'cli', id: 'cli', label: 'operator' },
  'workspace.unsuspended': { type: 'cli', id: 'cli', label: 'operator' },
  // POST /report is anonymous; the health checker is lsk's own work.
  'report.received': { type: 'system', id: 'system', label: 'abuse report' },
  'link.broken': { type: 'system', id: 'system', label: 'health check' },
  'link.recovered': { type: 'system', id: 'system', label: 'health check' },
};

/**
 * Abuse controls and destination health announce what they did on their own bus (domain/events/link-events.ts:
 * action, target, workspace). Each one that concerns a workspace becomes an entry of that workspace's
 * audit log; operator-wide decisions (the blocklist) name no workspace and stay in the operator's logs.
 */
export function recordOperationalEvents(from: OperationalEvents, to: ServiceEvents): void {
  from.on((e: OperationalEvent) => {
    if (!e.workspaceId || !isAuditAction(e.action)) return;
    const actor = ACTORS[e.action];
    if (!actor) return;
    to.emit({ workspaceId: e.workspaceId, actor, requestId: null }, e.action, e.target.id);
  });
}
