import type { Utm } from '../../domain/utm-schemas.js';

/** A workspace's named set of UTM values, which the link form applies. */
export interface UtmTemplate {
  id: string;
  workspaceId: string;
  /** Unique in the workspace, compared case-insensitively. */
  name: string;
  values: Utm;
  createdAt: Date;
  updatedAt: Date;
}

export type UtmTemplatePatch = Partial<Pick<UtmTemplate, 'name' | 'values'>> & Pick<UtmTemplate, 'updatedAt'>;

/** The identity of a template name in its workspace. */
export const templateNameKey = (name: string) => name.toLowerCase();

export interface UtmTemplatesRepository {
  /** StoreConflict('name') when the workspace has a template of that name. */
  insert(t: UtmTemplate): Promise<UtmTemplate>;
  get(workspaceId: string, id: string): Promise<UtmTemplate | null>;
  /** Oldest first. */
  list(workspaceId: string): Promise<UtmTemplate[]>;
  /** StoreConflict('name') on a name taken; null when not the workspace's. */
  update(workspaceId: string, id: string, patch: UtmTemplatePatch): Promise<UtmTemplate | null>;
  delete(workspaceId: string, id: string): Promise<boolean>;
  count(workspaceId: string): Promise<number>;
  /** Delete up to `limit` records of a deleted workspace (docs/adr/0177): how many went, 0 when none is left. */
  purgeWorkspace(workspaceId: string, limit: number): Promise<number>;
}
