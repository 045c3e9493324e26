import { emailKey, type Membership, type Role, type User } from '../../domain/accounts.js';
import { type Acting, userActor } from '../../domain/caller.js';
import { type Clock, DAY_MS } from '../../domain/clock.js';
import { LskError } from '../../domain/errors.js';
import type { ServiceEvents } from '../../domain/events/service-events.js';
import { newId } from '../../domain/ids.js';
import type { Workspace } from '../../domain/model.js';
import { dummyHash, hashPassword, isOutdated, verifyPassword } from '../../domain/passwords.js';
import { StoreConflict } from '../../storage/errors.js';
import type { Repositories } from '../../storage/repositories.js';
import { hashSecret, newSecret } from './secrets.js';
import type { SignInThrottle } from './sign-in-throttle.js';

/** How long a password-set link (from the CLI) works. */
export const PASSWORD_LINK_MS = DAY_MS;

const WRONG = 'The email or password is not right.';

/** Users, their passwords and the one-time links that set them. */
export class AccountService {
  constructor(
    private readonly repos: Repositories,
    private readonly clock: Clock,
    private readonly throttle: SignInThrottle,
    private readonly publicUrl: string,
    private readonly events: ServiceEvents,
  ) {}

  /** A new user (no password yet unless given); 409-like refusal when the email is taken. */
  async createUser(email: string, name: string, password?: string): Promise<User> {
    const user: User = {
      id: newId('usr'),
      email: email.trim(),
      name,
      passwordHash: password === undefined ? null : await hashPassword(password),
      createdAt: this.clock.now(),
    };
    try {
      return await this.repos.users.create(user);
    } catch (e) {
      if (e instanceof StoreConflict && e.field === 'email') throw emailTaken(email);
      throw e;
    }
  }

  async addMember(acting: Acting, workspace: Workspace, userId: string, role: Role): Promise<Membership> {
    let m: Membership;
    try {
      m = await this.repos.members.add({ workspaceId: workspace.id, userId, role, createdAt: this.clock.now() });
    } catch (e) {
      if (e instanceof StoreConflict) throw LskError.validation([{ path: 'email', message: `is already a member of ${workspace.slug}` }]);
      throw e;
    }
    this.events.emit({ ...acting, workspaceId: workspace.id }, 'member.added', userId);
    return m;
  }

  /** A one-time link (24 h) to the dashboard's set-password page (its issue is recorded, never the link). */
  async passwordLink(acting: Acting, userId: string): Promise<string> {
    const url = await this.newPasswordLink(userId);
    this.events.emitForUser(acting, 'user.password_link_issued', userId);
    return url;
  }

  /** The link alone, unrecorded: for a caller that records its own action (a password reset by email). */
  async newPasswordLink(userId: string): Promise<string> {
    const token = newSecret();
    await this.repos.users.insertToken({ tokenHash: hashSecret(token), userId, expiresAt: new Date(this.clock.now().getTime() + PASSWORD_LINK_MS) });
    return `${this.publicUrl}/dashboard/set-password#token=${token}`;
  }

  /**
   * Check an email and password: the user, or 401 invalid_credentials (same words and about the same
   * time whichever was wrong). A failure for an existing account is recorded in its workspaces.
   */
  async verify(email: string, password: string, address: string, requestId: string | null): Promise<User> {
    // The try is taken before the (slow) check, so concurrent tries cannot outrun the count; a right one is given back.
    const attempt = await this.throttle.take(email, address);
    const user = await this.repos.users.getByEmail(email);
    const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
    if (!(user?.passwordHash && ok)) {
      if (user) this.events.emitForUser({ actor: userActor(user), requestId }, 'user.sign_in_failed', user.id);
      throw new LskError('invalid_credentials', WRONG);
    }
    await attempt.forgive();
    // Made at another cost (LSK_PASSWORD_COST changed since): moved to the current one, silently (not a password change).
    if (isOutdated(user.passwordHash)) await this.repos.users.rehashPassword(user.id, user.passwordHash, await hashPassword(password));
    return user;
  }

  /** Use a password-set link: the user whose password is now `password`; 400 when the link is unknown, used or expired. */
  async setWithToken(token: string, password: string, requestId: string | null): Promise<User> {
    const userId = await this.repos.users.consumeToken(hashSecret(token), this.clock.now());
    const user = userId ? await this.repos.users.get(userId) : null;
    if (!user) throw LskError.validation([{ path: 'token', message: 'is unknown, used or expired; ask for a new link' }]);
    await this.repos.users.setPassword(user.id, await hashPassword(password));
    this.events.emitForUser({ actor: userActor(user), requestId }, 'user.password_changed', user.id);
    return user;
  }

  async change(user: User, current: string, password: string, requestId: string | null): Promise<void> {
    if (!user.passwordHash || !(await verifyPassword(current, user.passwordHash))) {
      throw LskError.validation([{ path: 'current_password', message: 'is not right' }]);
    }
    await this.repos.users.setPassword(user.id, await hashPassword(password));
    this.events.emitForUser({ actor: userActor(user), requestId }, 'user.password_changed', user.id);
  }

  async byEmail(email: string): Promise<User> {
    const user = await this.repos.users.getByEmail(email);
    if (!user) throw LskError.notFound(`User ${emailKey(email)}`);
    return user;
  }
}

function emailTaken(email: string): LskError {
  return LskError.validation([{ path: 'email', message: 'already has an account' }], `${email.trim()} already has an account.`);
}
