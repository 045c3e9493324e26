import type { Invite, Membership, Role, User } from '../../domain/accounts.js';
import type { ApiKey, Workspace } from '../../domain/model.js';
import type { Repositories } from '../../storage/repositories.js';

/** A workspace a user belongs to, with their role there. */
export interface WorkspaceRole {
  workspace: Workspace;
  role: Role;
}

/**
 * Who is who, for the edges that need plain lookups: users, memberships, invites and keys by id,
 * read once per call (the GraphQL loaders batch them per request). Nothing here changes anything;
 * no lookup crosses into another workspace unless it names the workspace itself.
 */
export class Directory {
  constructor(private readonly repos: Pick<Repositories, 'users' | 'members' | 'workspaces' | 'apiKeys'>) {}

  /** Several users at once; unknown ids are left out. */
  users(ids: readonly string[]): Promise<User[]> {
    return this.repos.users.getMany(ids);
  }

  /** Every user, oldest first (an operator's listing). */
  allUsers(): Promise<User[]> {
    return this.repos.users.list();
  }

  userByEmail(email: string): Promise<User | null> {
    return this.repos.users.getByEmail(email);
  }

  membership(workspaceId: string, userId: string): Promise<Membership | null> {
    return this.repos.members.get(workspaceId, userId);
  }

  invite(workspaceId: string, id: string): Promise<Invite | null> {
    return this.repos.members.getInvite(workspaceId, id);
  }

  /** An API key by id, whichever workspace holds it (operators' CLI); callers check the workspace. */
  key(id: string): Promise<ApiKey | null> {
    return this.repos.apiKeys.get(id);
  }

  /** An API key by id with the workspace holding it (operators' CLI); null when either is gone. */
  async keyWithWorkspace(id: string): Promise<{ key: ApiKey; workspace: Workspace } | null> {
    const key = await this.repos.apiKeys.get(id);
    const workspace = key && (await this.repos.workspaces.get(key.workspaceId));
    return key && workspace ? { key, workspace } : null;
  }

  /** Every workspace the user belongs to, with their role in each. */
  async workspacesOf(userId: string): Promise<WorkspaceRole[]> {
    const memberships = await this.repos.members.listByUser(userId);
    const found = await Promise.all(memberships.map(async (m) => ({ workspace: await this.repos.workspaces.get(m.workspaceId), role: m.role })));
    return found.flatMap(({ workspace, role }) => (workspace ? [{ workspace, role }] : []));
  }

  /** The workspace `ref` names (its id, or its slug in any case) with the user's role there; null when they are not a member. */
  async roleIn(userId: string, ref: string): Promise<WorkspaceRole | null> {
    const workspace = ref.startsWith('wsp_') ? await this.repos.workspaces.get(ref) : await this.repos.workspaces.getBySlug(ref.toLowerCase());
    const membership = workspace ? await this.repos.members.get(workspace.id, userId) : null;
    return workspace && membership ? { workspace, role: membership.role } : null;
  }
}
