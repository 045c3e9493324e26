import { type Row, type SqliteConnection, toDate } from '../sqlite/connection.js';
import type { BlockedHost, BlocklistRepository } from './repository.js';

const toEntry = (r: Row): BlockedHost => ({ host: String(r.host), note: r.note === null ? null : String(r.note), createdAt: toDate(r.created_at) });

export class SqliteBlocklist implements BlocklistRepository {
  constructor(private readonly conn: SqliteConnection) {}

  async add(e: BlockedHost): Promise<boolean> {
    return (
      this.conn.stmt('INSERT OR IGNORE INTO blocked_hosts (host, note, created_at) VALUES (?, ?, ?)').run(e.host, e.note, e.createdAt.getTime()).changes > 0
    );
  }

  async remove(host: string): Promise<boolean> {
    return this.conn.stmt('DELETE FROM blocked_hosts WHERE host = ?').run(host).changes > 0;
  }

  async list(): Promise<BlockedHost[]> {
    return (this.conn.stmt('SELECT * FROM blocked_hosts ORDER BY host').all() as Row[]).map(toEntry);
  }
}
