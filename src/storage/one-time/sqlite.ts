import type { Row, SqliteConnection } from '../sqlite/connection.js';
import type { OneTimeRepository } from './repository.js';

export class SqliteOneTime implements OneTimeRepository {
  constructor(private readonly conn: SqliteConnection) {}

  async claim(key: string, expiresAt: Date, value = ''): Promise<boolean> {
    return this.conn.stmt('INSERT OR IGNORE INTO one_time (key, expires_at, value) VALUES (?, ?, ?)').run(key, expiresAt.getTime(), value).changes > 0;
  }

  async get(key: string, now: Date): Promise<string | null> {
    const r = this.conn.stmt('SELECT value FROM one_time WHERE key = ? AND expires_at > ?').get(key, now.getTime()) as Row | undefined;
    return r ? String(r.value) : null;
  }

  async release(key: string): Promise<void> {
    this.conn.stmt('DELETE FROM one_time WHERE key = ?').run(key);
  }

  async sweep(now: Date): Promise<void> {
    this.conn.stmt('DELETE FROM one_time WHERE expires_at <= ?').run(now.getTime());
  }
}
