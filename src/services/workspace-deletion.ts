import type { Abuse } from '../abuse/abuse.js';
import type { Clock } from '../domain/clock.js';
import type { ServiceEvents } from '../domain/events/service-events.js';
import type { Repositories } from '../storage/repositories.js';
import type { AuditLogger, AuditRecorder } from './audit/audit-recorder.js';
import { WorkspacePurge } from './workspace-purge.js';

/**
 * What follows a workspace's deletion (docs/adr/0177): every instance is told (the shared abuse
 * generation: its links answer 404 within a poll), the instance's log records who deleted it (its
 * own audit log goes with it), and the purge starts in the background.
 */
export function workspaceDeletion(
  repos: Repositories,
  abuse: Pick<Abuse, 'workspaceDeleted'>,
  clock: Clock,
  recorder: Pick<AuditRecorder, 'flush'>,
  events: ServiceEvents,
  log: AuditLogger,
): { purge: WorkspacePurge; deleted: (workspaceId: string) => Promise<void> } {
  const purge = new WorkspacePurge(repos, {
    beforeAudit: () => recorder.flush(),
    finished: (workspaceId) => log.warn({ workspaceId }, 'a deleted workspace was purged: nothing of it is left'),
  });
  events.subscribe((e) => {
    if (e.kind !== 'workspace' || e.action !== 'workspace.deleted') return;
    log.warn({ workspaceId: e.workspaceId, actor: e.actor, requestId: e.requestId }, 'workspace deleted; its data is being purged');
  });
  const deleted = async () => {
    await abuse.workspaceDeleted(clock.now());
    purge.run().catch((err: unknown) => log.warn({ err }, 'purging deleted workspaces failed; the next sweep or start goes on'));
  };
  return { purge, deleted };
}
