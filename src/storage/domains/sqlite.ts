import { type Domain, type DomainSettings, NO_DOMAIN_SETTINGS } from '../../domain/model.js';
import { conflictOf, type Row, type SqliteConnection, toDate } from '../sqlite/connection.js';
import { purgeTables } from '../sqlite/purge.js';
import type { DomainsRepository, NewDomain } from './repository.js';

/** Settings are one JSON column (NULL: the defaults); only the fields set are stored. */
const settingsOf = (v: unknown): DomainSettings => ({ ...NO_DOMAIN_SETTINGS, ...(v == null ? {} : (JSON.parse(String(v)) as Partial<DomainSettings>)) });

const toDomain = (r: Row): Domain => ({
  host: String(r.host),
  workspaceId: String(r.workspace_id),
  createdAt: toDate(r.created_at),
  settings: settingsOf(r.settings),
});

export class SqliteDomains implements DomainsRepository {
  constructor(private readonly conn: SqliteConnection) {}

  async add(domain: NewDomain): Promise<Domain> {
    try {
      this.conn.stmt('INSERT INTO domains (host, workspace_id, created_at) VALUES (?, ?, ?)').run(domain.host, domain.workspaceId, domain.createdAt.getTime());
    } catch (e) {
      throw conflictOf(e) ?? e;
    }
    return { ...domain, settings: { ...NO_DOMAIN_SETTINGS } };
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

  async updateSettings(workspaceId: string, host: string, patch: Partial<DomainSettings>): Promise<Domain | null> {
    return this.conn.tx(() => {
      const r = this.conn.stmt('SELECT * FROM domains WHERE workspace_id = ? AND host = ?').get(workspaceId, host) as Row | undefined;
      if (!r) return null;
      const settings = { ...settingsOf(r.settings), ...patch };
      this.conn.stmt('UPDATE domains SET settings = ? WHERE host = ?').run(JSON.stringify(settings), host);
      return { ...toDomain(r), settings };
    });
  }

  async purgeWorkspace(workspaceId: string, limit: number): Promise<number> {
    return purgeTables(this.conn, [['domains']], workspaceId, limit);
  }
}
