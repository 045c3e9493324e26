import { emailKey, type PasswordToken, type User } from '../../domain/accounts.js';
import { conflictOf, type Row, type SqliteConnection, toDate } from '../sqlite/connection.js';
import type { UsersRepository } from './repository.js';

const toUser = (r: Row): User => ({
  id: String(r.id),
  email: String(r.email),
  name: String(r.name),
  passwordHash: r.password_hash === null ? null : String(r.password_hash),
  createdAt: toDate(r.created_at),
});

export class SqliteUsers implements UsersRepository {
  constructor(private readonly conn: SqliteConnection) {}

  async create(user: User): Promise<User> {
    try {
      this.conn
        .stmt('INSERT INTO users (id, email, email_key, name, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(user.id, user.email, emailKey(user.email), user.name, user.passwordHash, user.createdAt.getTime());
    } catch (e) {
      throw conflictOf(e) ?? e;
    }
    return user;
  }

  async get(id: string): Promise<User | null> {
    const r = this.conn.stmt('SELECT * FROM users WHERE id = ?').get(id) as Row | undefined;
    return r ? toUser(r) : null;
  }

  async getByEmail(email: string): Promise<User | null> {
    const r = this.conn.stmt('SELECT * FROM users WHERE email_key = ?').get(emailKey(email)) as Row | undefined;
    return r ? toUser(r) : null;
  }

  async getMany(ids: readonly string[]): Promise<User[]> {
    if (ids.length === 0) return [];
    return (this.conn.stmt('SELECT * FROM users WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(ids)) as Row[]).map(toUser);
  }

  async list(): Promise<User[]> {
    return (this.conn.stmt('SELECT * FROM users ORDER BY created_at, id').all() as Row[]).map(toUser);
  }

  async setPassword(id: string, passwordHash: string): Promise<void> {
    this.conn.tx(() => {
      this.conn.stmt('UPDATE users SET password_hash = ? WHERE id = ?').run(passwordHash, id);
      this.conn.stmt('DELETE FROM password_tokens WHERE user_id = ?').run(id);
    });
  }

  async rehashPassword(id: string, from: string, to: string): Promise<void> {
    this.conn.stmt('UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?').run(to, id, from);
  }

  async insertToken(t: PasswordToken): Promise<void> {
    this.conn.stmt('INSERT INTO password_tokens (token_hash, user_id, expires_at) VALUES (?, ?, ?)').run(t.tokenHash, t.userId, t.expiresAt.getTime());
  }

  async consumeToken(tokenHash: string, now: Date): Promise<string | null> {
    // One statement: of two concurrent uses, only one deletes the row.
    const r = this.conn.stmt('DELETE FROM password_tokens WHERE token_hash = ? RETURNING user_id, expires_at').get(tokenHash) as Row | undefined;
    return r && Number(r.expires_at) > now.getTime() ? String(r.user_id) : null;
  }
}
