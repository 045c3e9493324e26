import type { Invite, Role, User } from '../../domain/accounts.js';
import { type Caller, userActor } from '../../domain/caller.js';
import { type Clock, DAY_MS } from '../../domain/clock.js';
import { LskError } from '../../domain/errors.js';
import type { ServiceEvents } from '../../domain/events/service-events.js';
import { newId } from '../../domain/ids.js';
import { createInviteSchema, updateMemberSchema } from '../../domain/member-schemas.js';
import type { Workspace } from '../../domain/model.js';
import { ROLES } from '../../domain/scopes.js';
import { parseOrThrow } from '../../domain/validate.js';
import type { Repositories } from '../../storage/repositories.js';
import type { Mailer } from '../mail/mailer.js';
import { inviteMail } from '../mail/messages.js';
import { hashSecret, newSecret } from './secrets.js';

export const INVITE_MS = 7 * DAY_MS;

/** A member as the API shows it: the user and their role in the workspace. */
export interface Member {
  user: User;
  role: Role;
  createdAt: Date;
}

/** Roles rank owner > admin > member > viewer. */
const rank = (r: Role) => ROLES.length - ROLES.indexOf(r);

/**
 * Who may hand out or change a role: an owner any; an admin only below owner; an API key (no role;
 * its scopes already allowed the call) any. The rest is refused by role: 403 forbidden.
 */
function mayGrant(caller: Caller, from: Role | null, to: Role): void {
  if (caller.role === null || caller.role === 'owner') return;
  const top = Math.max(rank(to), from ? rank(from) : 0);
  if (top >= rank('owner')) throw new LskError('forbidden', `Your role (${caller.role}) cannot grant, change or remove the owner role.`);
}

const lastOwner = () => new LskError('forbidden', 'The last owner of a workspace can be neither demoted nor removed; make someone else owner first.');

/** Members and invites of the caller's workspace. */
export class MemberService {
  constructor(
    private readonly repos: Repositories,
    private readonly clock: Clock,
    private readonly publicUrl: string,
    private readonly events: ServiceEvents,
    private readonly mailer: Mailer,
  ) {}

  async list(caller: Caller): Promise<Member[]> {
    const ms = await this.repos.members.listByWorkspace(caller.workspaceId);
    const users = new Map((await this.repos.users.getMany(ms.map((m) => m.userId))).map((u) => [u.id, u]));
    return ms.flatMap((m) => (users.has(m.userId) ? [{ user: users.get(m.userId)!, role: m.role, createdAt: m.createdAt }] : []));
  }

  private async member(workspaceId: string, userId: string): Promise<Member> {
    const m = await this.repos.members.get(workspaceId, userId);
    const user = m ? await this.repos.users.get(userId) : null;
    if (!m || !user) throw LskError.notFound('Member');
    return { user, role: m.role, createdAt: m.createdAt };
  }

  async update(caller: Caller, userId: string, raw: unknown): Promise<Member> {
    const { role } = parseOrThrow(updateMemberSchema, raw);
    const current = await this.member(caller.workspaceId, userId);
    mayGrant(caller, current.role, role);
    const r = await this.repos.members.setRole(caller.workspaceId, userId, role);
    if (r === 'not_found') throw LskError.notFound('Member');
    if (r === 'last_owner') throw lastOwner();
    this.events.emit(caller, 'member.role_changed', userId);
    return { ...current, role };
  }

  async remove(caller: Caller, userId: string): Promise<void> {
    const current = await this.member(caller.workspaceId, userId);
    mayGrant(caller, current.role, current.role);
    const r = await this.repos.members.remove(caller.workspaceId, userId);
    if (r === 'not_found') throw LskError.notFound('Member');
    if (r === 'last_owner') throw lastOwner();
    this.events.emit(caller, 'member.removed', userId);
  }

  async invite(caller: Caller, raw: unknown): Promise<{ invite: Invite; url: string }> {
    const { email, role } = parseOrThrow(createInviteSchema, raw);
    mayGrant(caller, null, role);
    const token = newSecret();
    const now = this.clock.now();
    const invite = await this.repos.members.insertInvite({
      id: newId('inv'),
      workspaceId: caller.workspaceId,
      email,
      role,
      tokenHash: hashSecret(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITE_MS),
    });
    this.events.emit(caller, 'invite.created', invite.id);
    const url = `${this.publicUrl}/dashboard/accept-invite#token=${token}`;
    if (this.mailer.enabled) {
      const workspace = await this.repos.workspaces.get(caller.workspaceId);
      if (workspace) this.mailer.send(inviteMail(email, workspace.slug, role, url, invite.expiresAt));
    }
    return { invite, url };
  }

  /** A live invite and its workspace (what the accept page shows), or null. */
  async inviteByToken(token: string): Promise<{ invite: Invite; workspace: Workspace } | null> {
    const invite = await this.repos.members.getInviteByToken(hashSecret(token));
    if (!invite || invite.expiresAt <= this.clock.now()) return null;
    const workspace = await this.repos.workspaces.get(invite.workspaceId);
    return workspace ? { invite, workspace } : null;
  }

  listInvites(caller: Caller): Promise<Invite[]> {
    return this.repos.members.listInvites(caller.workspaceId, this.clock.now());
  }

  /**
   * Accept an invite: the signed-in user joins, or (signed out) a new account for the invite's email
   * is made by `newAccount`. Checked before the invite is used up, so a refusal leaves it usable.
   */
  async accept(
    token: string,
    signedIn: User | null,
    newAccount: (email: string) => Promise<User>,
    requestId: string | null,
  ): Promise<{ user: User; invite: Invite }> {
    const hash = hashSecret(token);
    const now = this.clock.now();
    const found = await this.repos.members.getInviteByToken(hash);
    if (!found || found.expiresAt <= now) throw LskError.validation([{ path: 'token', message: 'is unknown, used or expired; ask for a new invite' }]);
    if (!signedIn && (await this.repos.users.getByEmail(found.email))) {
      throw LskError.validation([{ path: 'token', message: 'is for an email that already has an account: sign in, then accept the invite' }]);
    }
    const invite = await this.repos.members.consumeInvite(hash, now);
    if (!invite) throw LskError.validation([{ path: 'token', message: 'is unknown, used or expired; ask for a new invite' }]);
    const user = signedIn ?? (await newAccount(invite.email));
    const acting = { workspaceId: invite.workspaceId, actor: userActor(user), requestId };
    this.events.emit(acting, 'invite.accepted', invite.id);
    if (!(await this.repos.members.get(invite.workspaceId, user.id))) {
      await this.repos.members.add({ workspaceId: invite.workspaceId, userId: user.id, role: invite.role, createdAt: now });
      this.events.emit(acting, 'member.added', user.id);
    }
    return { user, invite };
  }

  async revokeInvite(caller: Caller, id: string): Promise<void> {
    if (!(await this.repos.members.deleteInvite(caller.workspaceId, id))) throw LskError.notFound('Invite');
    this.events.emit(caller, 'invite.revoked', id);
  }
}
