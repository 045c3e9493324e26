import type { Session, User } from '../../domain/accounts.js';
import { userActor } from '../../domain/caller.js';
import { type Clock, DAY_MS } from '../../domain/clock.js';
import type { Repositories } from '../../storage/repositories.js';
import type { ServiceEvents } from '../events.js';
import { hashSecret, newSecret } from './secrets.js';

export const SESSION_IDLE_MS = 14 * DAY_MS;
export const SESSION_MAX_MS = 30 * DAY_MS;
/** Activity is written at most this often per session (not on every request). */
export const SESSION_TOUCH_MS = 10 * 60_000;

/** A live session and its user. */
export interface SignedIn {
  session: Session;
  user: User;
}

/**
 * Dashboard sessions: a random 256-bit token in the cookie, only its SHA-256 stored. A session ends
 * 14 days after its last activity or 30 days after it began, whichever is first.
 */
export class SessionService {
  constructor(
    private readonly repos: Repositories,
    private readonly clock: Clock,
    private readonly events: ServiceEvents,
  ) {}

  /** A new session for a user (a sign-in, recorded): the token for the cookie (shown to nobody else) and the session. */
  async start(user: User, requestId: string | null): Promise<{ token: string; session: Session }> {
    const token = newSecret();
    const now = this.clock.now();
    const session = await this.repos.sessions.insert({
      id: hashSecret(token),
      userId: user.id,
      createdAt: now,
      seenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_MAX_MS),
    });
    this.events.emitForUser({ actor: userActor(user), requestId }, 'user.signed_in', user.id);
    return { token, session };
  }

  /** The session of a cookie token, or null when unknown, ended or idle too long (then it is deleted). */
  async resolve(token: string): Promise<SignedIn | null> {
    const session = await this.repos.sessions.get(hashSecret(token));
    if (!session) return null;
    const now = this.clock.now();
    if (now >= session.expiresAt || now.getTime() - session.seenAt.getTime() >= SESSION_IDLE_MS) {
      await this.repos.sessions.delete(session.id);
      return null;
    }
    const user = await this.repos.users.get(session.userId);
    if (!user) return null;
    if (now.getTime() - session.seenAt.getTime() >= SESSION_TOUCH_MS) {
      await this.repos.sessions.touch(session.id, now);
      session.seenAt = now;
    }
    return { session, user };
  }

  end(sessionId: string): Promise<void> {
    return this.repos.sessions.delete(sessionId);
  }

  /** The user signs out of this session (recorded). */
  async signOut({ session, user }: SignedIn, requestId: string | null): Promise<void> {
    await this.end(session.id);
    this.events.emitForUser({ actor: userActor(user), requestId }, 'user.signed_out', user.id);
  }

  /** Every session of the user except `keepId` (sign out everywhere else); the count ended. */
  endOthers(userId: string, keepId?: string): Promise<number> {
    return this.repos.sessions.deleteForUser(userId, keepId);
  }

  /** Delete ended and idle sessions (run periodically: FerretDB has no TTL index). */
  sweep(): Promise<void> {
    const now = this.clock.now();
    return this.repos.sessions.sweep(now, new Date(now.getTime() - SESSION_IDLE_MS));
  }
}
