import type { Workspace } from '../../domain/model.js';
import type { Plan } from '../../domain/resource-schemas.js';

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
}
