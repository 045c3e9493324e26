import type { Session } from '../../domain/accounts.js';
import type { Row, SqliteConnection } from '../sqlite/connection.js';
import { toDate } from '../sqlite/connection.js';
import type { SessionsRepository } from './repository.js';

const toSession = (r: Row): Session => ({
  id: String(r.id),
  userId: String(r.user_id),
  createdAt: toDate(r.created_at),
  seenAt: toDate(r.seen_at),
  expiresAt: toDate(r.expires_at),
  browser: r.browser === null || r.browser === undefined ? null : String(r.browser),
  os: r.os === null || r.os === undefined ? null : String(r.os),
});

export class SqliteSessions implements SessionsRepository {
  constructor(private readonly conn: SqliteConnection) {}

  async insert(s: Session): Promise<Session> {
    this.conn
      .stmt('INSERT INTO sessions (id, user_id, created_at, seen_at, expires_at, browser, os) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(s.id, s.userId, s.createdAt.getTime(), s.seenAt.getTime(), s.expiresAt.getTime(), s.browser, s.os);
    return s;
  }

  async get(id: string): Promise<Session | null> {
    const r = this.conn.stmt('SELECT * FROM sessions WHERE id = ?').get(id) as Row | undefined;
    return r ? toSession(r) : null;
  }

  async listByUser(userId: string): Promise<Session[]> {
    return (this.conn.stmt('SELECT * FROM sessions WHERE user_id = ? ORDER BY created_at DESC, id').all(userId) as Row[]).map(toSession);
  }

  async touch(id: string, at: Date): Promise<void> {
    this.conn.stmt('UPDATE sessions SET seen_at = ? WHERE id = ? AND seen_at < ?').run(at.getTime(), id, at.getTime());
  }

  async delete(id: string): Promise<void> {
    this.conn.stmt('DELETE FROM sessions WHERE id = ?').run(id);
  }

  async deleteForUser(userId: string, exceptId?: string): Promise<number> {
    return this.conn.stmt('DELETE FROM sessions WHERE user_id = ? AND id != ?').run(userId, exceptId ?? '').changes;
  }

  async sweep(now: Date, idleBefore: Date): Promise<void> {
    this.conn.stmt('DELETE FROM sessions WHERE expires_at <= ? OR seen_at < ?').run(now.getTime(), idleBefore.getTime());
  }
}
