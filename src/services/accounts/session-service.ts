import { createHash } from 'node:crypto';
import type { Session, User } from '../../domain/accounts.js';
import { userActor } from '../../domain/caller.js';
import { type Clock, DAY_MS } from '../../domain/clock.js';
import { LskError } from '../../domain/errors.js';
import { actingUser, type ClientInfo, detailOf, type SecondFactor, type SignInMethod } from '../../domain/events/account-events.js';
import type { ServiceEvents } from '../../domain/events/service-events.js';
import type { Repositories } from '../../storage/repositories.js';
import { hashSecret, newSecret } from './secrets.js';

export const SESSION_IDLE_MS = 14 * DAY_MS;
export const SESSION_MAX_MS = 30 * DAY_MS;
/** Activity is written at most this often per session (not on every request). */
export const SESSION_TOUCH_MS = 10 * 60_000;
/** How long a browser stays known to an account after it signed in there (then its next sign-in is "new" again). */
export const DEVICE_MEMORY_MS = 400 * DAY_MS;

/** A live session and its user. */
export interface SignedIn {
  session: Session;
  user: User;
}

/** A session as its owner sees it in the list (`GET /auth/sessions`). */
export interface SessionView {
  id: string;
  createdAt: Date;
  seenAt: Date;
  browser: string | null;
  os: string | null;
  current: boolean;
}

/** The `ses_…` id a session is shown and revoked by: derived from its stored key, so it reveals nothing of the cookie. */
export function publicSessionId(sessionId: string): string {
  return `ses_${createHash('sha256').update(`session:${sessionId}`).digest('hex').slice(0, 24)}`;
}

/**
 * Dashboard sessions: a random 256-bit token in the cookie, only its SHA-256 stored. A session ends
 * 14 days after its last activity or 30 days after it began, whichever is first. Each new session
 * is a `user.signed_in` event, saying whether this browser (its device cookie) is new to the account.
 */
export class SessionService {
  constructor(
    private readonly repos: Pick<Repositories, 'sessions' | 'users' | 'oneTime'>,
    private readonly clock: Clock,
    private readonly events: ServiceEvents,
  ) {}

  /**
   * A new session for a user (a sign-in, recorded): the token for the cookie (shown to nobody else)
   * and the session. `device` is the browser's device cookie (known browsers are remembered per
   * account by its hash).
   */
  async start(
    user: User,
    client: ClientInfo,
    how: { method: SignInMethod; secondFactor?: SecondFactor },
    device: string,
  ): Promise<{ token: string; session: Session }> {
    const token = newSecret();
    const now = this.clock.now();
    const session = await this.repos.sessions.insert({
      id: hashSecret(token),
      userId: user.id,
      createdAt: now,
      seenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_MAX_MS),
      browser: client.browser,
      os: client.os,
    });
    const newDevice = await this.repos.oneTime.claim(`device:${user.id}:${hashSecret(device)}`, new Date(now.getTime() + DEVICE_MEMORY_MS));
    this.events.emitForUser(actingUser(user, client), 'user.signed_in', user.id, {
      ...detailOf(user, client),
      target: { type: 'session', id: publicSessionId(session.id) },
      method: how.method,
      ...(how.secondFactor ? { secondFactor: how.secondFactor } : {}),
      newDevice,
    });
    return { token, session };
  }

  /** The session of a cookie token, or null when unknown, ended or idle too long (then it is deleted). */
  async resolve(token: string): Promise<SignedIn | null> {
    const session = await this.repos.sessions.get(hashSecret(token));
    if (!session) return null;
    const now = this.clock.now();
    if (!this.live(session, now)) {
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

  private live(s: Session, now: Date): boolean {
    return now < s.expiresAt && now.getTime() - s.seenAt.getTime() < SESSION_IDLE_MS;
  }

  /** The user's live sessions, newest first; `currentId` marks the one asking. */
  async list(userId: string, currentId: string): Promise<SessionView[]> {
    const now = this.clock.now();
    return (await this.repos.sessions.listByUser(userId))
      .filter((s) => this.live(s, now))
      .map((s) => ({ id: publicSessionId(s.id), createdAt: s.createdAt, seenAt: s.seenAt, browser: s.browser, os: s.os, current: s.id === currentId }));
  }

  /** End one of the user's own sessions by its `ses_…` id (404 for any other); whether it was the current one. */
  async revoke(user: User, publicId: string, currentId: string, client: ClientInfo): Promise<{ current: boolean }> {
    const session = (await this.repos.sessions.listByUser(user.id)).find((s) => publicSessionId(s.id) === publicId);
    if (!session || !this.live(session, this.clock.now())) throw LskError.notFound('Session');
    await this.repos.sessions.delete(session.id);
    this.events.emitForUser(actingUser(user, client), 'user.session_revoked', user.id, {
      ...detailOf(user, client),
      target: { type: 'session', id: publicId },
    });
    return { current: session.id === currentId };
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

  /** Delete ended and idle sessions and expired one-time records (run periodically: FerretDB has no TTL index). */
  async sweep(): Promise<void> {
    const now = this.clock.now();
    await this.repos.sessions.sweep(now, new Date(now.getTime() - SESSION_IDLE_MS));
    await this.repos.oneTime.sweep(now);
  }
}
