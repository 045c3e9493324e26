import type { Clock } from '../domain/clock.js';
import type { MembersRepository } from '../storage/members/repository.js';
import type { SessionService } from './accounts/session-service.js';
import type { AuditService } from './audit/audit-service.js';
import type { WorkspacePurge } from './workspace-purge.js';

/**
 * Expiry by sweeps: neither store deletes what has expired by itself (FerretDB has no TTL index),
 * so sessions past their end or idle too long (with the expired one-time records: sign-in
 * challenges, reset links), invites past their week, and audit entries older than LSK_AUDIT_DAYS
 * are deleted now and then. Each sweep is its repository's (it knows its own records); this runs
 * them all, on one timer of the process (src/server.ts). Reads ignore expired records anyway, so a late sweep only
 * costs space.
 */
export class Upkeep {
  constructor(
    private readonly sessions: Pick<SessionService, 'sweep'>,
    private readonly members: Pick<MembersRepository, 'sweepInvites'>,
    private readonly clock: Clock,
    private readonly audit: Pick<AuditService, 'sweep'>,
    /** Deleted workspaces whose purge was cut short (docs/adr/0177). */
    private readonly purge?: Pick<WorkspacePurge, 'run'>,
  ) {}

  /** Every sweep once; one that fails does not stop the others. Resolves to what failed, by name. */
  async sweep(): Promise<{ what: string; error: unknown }[]> {
    const runs: [string, () => Promise<void>][] = [
      ['sessions', () => this.sessions.sweep()],
      ['invites', () => this.members.sweepInvites(this.clock.now())],
      ['audit entries', async () => void (await this.audit.sweep())],
      ['deleted workspaces', async () => void (await this.purge?.run())],
    ];
    const failed: { what: string; error: unknown }[] = [];
    for (const [what, run] of runs) await run().catch((error: unknown) => failed.push({ what, error }));
    return failed;
  }
}
