import type { PasswordToken, User } from '../../domain/accounts.js';

/** Users (unique by email, compared case-insensitively) and their one-time password-set tokens. */
export interface UsersRepository {
  /** StoreConflict('email') when the email (any case) is taken. */
  create(user: User): Promise<User>;
  get(id: string): Promise<User | null>;
  /** By email, any case. */
  getByEmail(email: string): Promise<User | null>;
  /** Several at once (unknown ids are left out), in no particular order. */
  getMany(ids: readonly string[]): Promise<User[]>;
  /** Every user, oldest first (an operator's listing). */
  list(): Promise<User[]>;
  /** Sets the password and voids every outstanding password-set token of the user (an older link must not undo the change). */
  setPassword(id: string, passwordHash: string): Promise<void>;
  /**
   * The same password at another cost (a sign-in re-hashes it): replaces the hash only while it is
   * still `from` (a password changed meanwhile stays), and leaves the password-set tokens alone.
   */
  rehashPassword(id: string, from: string, to: string): Promise<void>;
  insertToken(token: PasswordToken): Promise<void>;
  /** Use a token once: its user id when it exists and is unexpired at `now`, null otherwise (also for the second use). */
  consumeToken(tokenHash: string, now: Date): Promise<string | null>;
}
