import type { Actor } from '../../domain/caller.js';
import type { PagePosition } from '../../domain/cursor.js';

/** A published, read-only view of a workspace's analytics (docs/adr/0215): one link, tag, domain, or all. */
export interface AnalyticsShare {
  id: string;
  workspaceId: string;
  /** SHA-256 of the token (domain/share-token.ts); the token itself is never stored. */
  tokenHash: string;
  /** At most one of linkId, tag, domain is set; none: the whole workspace. */
  linkId: string | null;
  /** As given; compared with tagKey. */
  tag: string | null;
  domain: string | null;
  expiresAt: Date | null;
  createdAt: Date;
  createdBy: Actor;
}

export interface AnalyticsSharesRepository {
  insert(s: AnalyticsShare): Promise<AnalyticsShare>;
  get(workspaceId: string, id: string): Promise<AnalyticsShare | null>;
  /** The share of a token hash, in any workspace. */
  byTokenHash(tokenHash: string): Promise<AnalyticsShare | null>;
  /** Newest first (created_at, then id, descending), after `after` when given. */
  list(workspaceId: string, limit: number, after?: PagePosition): Promise<AnalyticsShare[]>;
  delete(workspaceId: string, id: string): Promise<boolean>;
  /** Every share of one link (the link was deleted): how many went. */
  deleteForLink(workspaceId: string, linkId: string): Promise<number>;
  count(workspaceId: string): Promise<number>;
  /** Delete up to `limit` records of a deleted workspace (docs/adr/0177): how many went, 0 when none is left. */
  purgeWorkspace(workspaceId: string, limit: number): Promise<number>;
}
