import type { Tag } from '../../domain/model.js';

/** Tags of a workspace. They are created by the links that use them (see LinksRepository). */
export interface TagsRepository {
  /** By key, unused ones included, with their link counts. */
  list(workspaceId: string): Promise<Tag[]>;
  /** Rename a tag, or merge it into the tag already named `to` (case-insensitively). Null when absent. */
  rename(workspaceId: string, fromKey: string, to: string): Promise<Tag | null>;
  delete(workspaceId: string, key: string): Promise<boolean>;
  /** Delete up to `limit` records of a deleted workspace (docs/adr/0177): how many went, 0 when none is left. */
  purgeWorkspace(workspaceId: string, limit: number): Promise<number>;
}
