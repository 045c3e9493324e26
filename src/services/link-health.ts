import type { DestinationHealth } from '../domain/model.js';
import type { LinkRow } from '../storage/links/repository.js';

export type LinkChange = 'link.created' | 'link.updated' | 'link.deleted';

/** What the link services need from destination health (src/health): reading it, and telling it about changes. */
export interface LinkHealth {
  /** The health of each link's current targets (links not in the map are unknown). */
  of(rows: readonly LinkRow[]): Promise<Map<string, DestinationHealth>>;
  /** A link was created, changed or deleted: schedule its first check, or forget it. */
  changed(type: LinkChange, link: LinkRow): Promise<void>;
  /** Ids of the workspace's broken links (the health=broken filter). */
  brokenIds(workspaceId: string): Promise<string[]>;
}
