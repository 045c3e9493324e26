import type { Session } from '../../domain/accounts.js';

/** Dashboard sessions, keyed by the SHA-256 of their cookie's token. */
export interface SessionsRepository {
  insert(session: Session): Promise<Session>;
  get(id: string): Promise<Session | null>;
  /** A user's sessions (ended ones too, until swept), newest first. */
  listByUser(userId: string): Promise<Session[]>;
  /** Record activity (never moves `seenAt` back). */
  touch(id: string, at: Date): Promise<void>;
  delete(id: string): Promise<void>;
  /** Every session of a user but `exceptId`; the count deleted. */
  deleteForUser(userId: string, exceptId?: string): Promise<number>;
  /** Delete sessions past their absolute end, or idle since before `idleBefore` (a sweep: no TTL index on FerretDB). */
  sweep(now: Date, idleBefore: Date): Promise<void>;
}
