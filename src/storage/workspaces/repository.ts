import type { Workspace } from '../../domain/model.js';
import type { Plan } from '../../domain/resource-schemas.js';

/** A deleted workspace whose data is still being purged (docs/adr/0177). */
export interface DeletedWorkspace {
  id: string;
  /** The slug it had (its record now holds its id there, so the slug is free at once). */
  slug: string;
  deletedAt: Date;
}

/** Reads (get, getBySlug, list) never return a deleted workspace: it is gone for every surface at once. */
export interface WorkspacesRepository {
  /** StoreConflict on a taken slug or id. */
  create(ws: Workspace): Promise<Workspace>;
  get(id: string): Promise<Workspace | null>;
  getBySlug(slug: string): Promise<Workspace | null>;
  setPlan(id: string, plan: Plan, rateLimitRpm: number): Promise<Workspace | null>;
  /** The workspace after the change, or null when unknown. */
  setRequire2fa(id: string, require2fa: boolean): Promise<Workspace | null>;
  /** Every workspace, oldest first (an operator's listing; the API never lists across workspaces). */
  list(): Promise<Workspace[]>;
  /** The tombstone, one write: false when the workspace is unknown or deleted already. */
  markDeleted(id: string, at: Date): Promise<boolean>;
  /** Deleted workspaces whose purge has not finished, oldest first. */
  deleting(): Promise<DeletedWorkspace[]>;
  /** The last step of a purge: the deleted workspace's record goes (a live one is never removed). */
  remove(id: string): Promise<void>;
}
