import type { Invite, Membership, Role } from '../../domain/accounts.js';

/** The outcome of a change that could leave a workspace without an owner. */
export type OwnerChange = 'done' | 'not_found' | 'last_owner';

/**
 * Memberships (one per workspace and user) and invites. The last owner of a workspace can be
 * neither demoted nor removed, even under concurrent changes (docs/adr/0041).
 */
export interface MembersRepository {
  /** StoreConflict('member') when the user is already a member. */
  add(m: Membership): Promise<Membership>;
  get(workspaceId: string, userId: string): Promise<Membership | null>;
  /** Oldest first. */
  listByWorkspace(workspaceId: string): Promise<Membership[]>;
  /** Oldest first. */
  listByUser(userId: string): Promise<Membership[]>;
  setRole(workspaceId: string, userId: string, role: Role): Promise<OwnerChange>;
  remove(workspaceId: string, userId: string): Promise<OwnerChange>;

  insertInvite(invite: Invite): Promise<Invite>;
  /** Unexpired ones at `now`, newest first. */
  listInvites(workspaceId: string, now: Date): Promise<Invite[]>;
  getInvite(workspaceId: string, id: string): Promise<Invite | null>;
  /** True when it existed in that workspace. */
  deleteInvite(workspaceId: string, id: string): Promise<boolean>;
  /** By the hash of its token (not using it up). */
  getInviteByToken(tokenHash: string): Promise<Invite | null>;
  /** Use an invite once: it when it exists and is unexpired at `now` (and it is gone afterwards), else null. */
  consumeInvite(tokenHash: string, now: Date): Promise<Invite | null>;
  /** Delete invites expired before `now` (a sweep: FerretDB has no TTL index). */
  sweepInvites(now: Date): Promise<void>;
  /** Delete up to `limit` records of a deleted workspace (docs/adr/0177): how many went, 0 when none is left. */
  purgeWorkspace(workspaceId: string, limit: number): Promise<number>;
}
