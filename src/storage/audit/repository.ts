import type { AuditAction, AuditEntry } from '../../domain/audit.js';

/** Which entries of a workspace a page holds: every filter given must match; newest first. */
export interface AuditQuery {
  action?: AuditAction;
  actorId?: string;
  targetId?: string;
  /** `at` at or after. */
  from?: Date;
  /** `at` before. */
  to?: Date;
  /** Only entries whose id sorts before this one (the cursor: the last id of the previous page). */
  beforeId?: string;
  limit: number;
}

/**
 * The audit log (docs/adr/0120): inserts only, so it is correct on FerretDB without transactions;
 * read newest first by the time-ordered unique id, which is also the cursor.
 */
export interface AuditRepository {
  /** Insert a batch; an entry whose id is already stored is skipped (a retried batch writes nothing twice). */
  insertMany(entries: readonly AuditEntry[]): Promise<void>;
  list(workspaceId: string, query: AuditQuery): Promise<AuditEntry[]>;
  /** Retention: remove every entry older than `at` (any workspace); how many went. */
  deleteBefore(at: Date): Promise<number>;
  /** Delete up to `limit` records of a deleted workspace (docs/adr/0177): how many went, 0 when none is left. */
  purgeWorkspace(workspaceId: string, limit: number): Promise<number>;
}
