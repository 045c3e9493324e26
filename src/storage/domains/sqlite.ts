import type { Domain } from '../../domain/model.js';
import { conflictOf, type Row, type SqliteConnection, toDate } from '../sqlite/connection.js';
import type { DomainsRepository } from './repository.js';

const toDomain = (r: Row): Domain => ({ host: String(r.host), workspaceId: String(r.workspace_id), createdAt: toDate(r.created_at) });

export class SqliteDomains implements DomainsRepository {
  constructor(private readonly conn: SqliteConnection) {}

  async add(domain: Domain): Promise<Domain> {
    try {
      this.conn.stmt('INSERT INTO domains (host, workspace_id, created_at) VALUES (?, ?, ?)').run(domain.host, domain.workspaceId, domain.createdAt.getTime());
    } catch (e) {
      throw conflictOf(e) ?? e;
    }
    return domain;
  }

  async get(host: string): Promise<Domain | null> {
    const r = this.conn.stmt('SELECT * FROM domains WHERE host = ?').get(host) as Row | undefined;
    return r ? toDomain(r) : null;
  }

  async list(workspaceId: string): Promise<Domain[]> {
    return (this.conn.stmt('SELECT * FROM domains WHERE workspace_id = ? ORDER BY created_at, host').all(workspaceId) as Row[]).map(toDomain);
  }

  async delete(workspaceId: string, host: string): Promise<boolean> {
    return this.conn.stmt('DELETE FROM domains WHERE workspace_id = ? AND host = ?').run(workspaceId, host).changes > 0;
  }
}
