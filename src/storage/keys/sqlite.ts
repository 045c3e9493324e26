import type { ApiKey, SigningKey } from '../../domain/model.js';
import { SCOPES, type Scope } from '../../domain/scopes.js';
import { conflictOf, type Row, type SqliteConnection, toDate, toDateOrNull } from '../sqlite/connection.js';
import { purgeTables } from '../sqlite/purge.js';
import type { ApiKeysRepository, SigningKeysRepository } from './repository.js';

/** A JSON list column; NULL (or a key from before restrictions) is no restriction. */
const jsonList = (v: unknown): string[] | null => (v === null || v === undefined ? null : (JSON.parse(String(v)) as string[]));

const toApiKey = (r: Row): ApiKey => ({
  id: String(r.id),
  workspaceId: String(r.workspace_id),
  name: String(r.name),
  kid: String(r.kid),
  createdAt: toDate(r.created_at),
  expiresAt: toDate(r.expires_at),
  lastUsedAt: toDateOrNull(r.last_used_at),
  revokedAt: toDateOrNull(r.revoked_at),
  successorId: r.successor_id === null ? null : String(r.successor_id),
  // NULL: a key from before scopes, holding every scope.
  scopes: r.scopes === null || r.scopes === undefined ? [...SCOPES] : (JSON.parse(String(r.scopes)) as Scope[]),
  domains: jsonList(r.domains),
  tags: jsonList(r.tags),
});

const toSigningKey = (r: Row): SigningKey => ({
  kid: String(r.kid),
  privateJwk: String(r.private_jwk),
  publicJwk: String(r.public_jwk),
  createdAt: toDate(r.created_at),
});

export class SqliteApiKeys implements ApiKeysRepository {
  constructor(private readonly conn: SqliteConnection) {}

  async insert(key: ApiKey): Promise<ApiKey> {
    try {
      this.conn
        .stmt(
          `INSERT INTO api_keys (id, workspace_id, name, kid, created_at, expires_at, last_used_at, revoked_at, successor_id, scopes, domains, tags)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          key.id,
          key.workspaceId,
          key.name,
          key.kid,
          key.createdAt.getTime(),
          key.expiresAt.getTime(),
          key.lastUsedAt?.getTime() ?? null,
          key.revokedAt?.getTime() ?? null,
          key.successorId,
          JSON.stringify(key.scopes),
          key.domains && JSON.stringify(key.domains),
          key.tags && JSON.stringify(key.tags),
        );
    } catch (e) {
      throw conflictOf(e) ?? e;
    }
    return key;
  }

  async get(id: string): Promise<ApiKey | null> {
    const r = this.conn.stmt('SELECT * FROM api_keys WHERE id = ?').get(id) as Row | undefined;
    return r ? toApiKey(r) : null;
  }

  async list(workspaceId: string): Promise<ApiKey[]> {
    return (this.conn.stmt('SELECT * FROM api_keys WHERE workspace_id = ? ORDER BY created_at DESC, id DESC').all(workspaceId) as Row[]).map(toApiKey);
  }

  async revoke(workspaceId: string, id: string, at: Date): Promise<ApiKey | null> {
    this.conn.stmt('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND workspace_id = ? AND revoked_at IS NULL').run(at.getTime(), id, workspaceId);
    const key = await this.get(id);
    return key && key.workspaceId === workspaceId ? key : null;
  }

  async touch(lastUsed: ReadonlyMap<string, Date>): Promise<void> {
    const stmt = this.conn.stmt('UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)');
    this.conn.tx(() => {
      for (const [id, at] of lastUsed) stmt.run(at.getTime(), id, at.getTime());
    });
  }

  async claimSuccessor(id: string, successorId: string): Promise<boolean> {
    return this.conn.stmt('UPDATE api_keys SET successor_id = ? WHERE id = ? AND successor_id IS NULL').run(successorId, id).changes > 0;
  }

  async purgeWorkspace(workspaceId: string, limit: number): Promise<number> {
    return purgeTables(this.conn, [['api_keys']], workspaceId, limit);
  }
}

export class SqliteSigningKeys implements SigningKeysRepository {
  constructor(private readonly conn: SqliteConnection) {}

  async list(): Promise<SigningKey[]> {
    return (this.conn.stmt('SELECT * FROM signing_keys ORDER BY created_at, kid').all() as Row[]).map(toSigningKey);
  }

  async insert(key: SigningKey): Promise<SigningKey> {
    this.conn
      .stmt('INSERT OR IGNORE INTO signing_keys (kid, private_jwk, public_jwk, created_at) VALUES (?, ?, ?, ?)')
      .run(key.kid, key.privateJwk, key.publicJwk, key.createdAt.getTime());
    return toSigningKey(this.conn.stmt('SELECT * FROM signing_keys WHERE kid = ?').get(key.kid) as Row);
  }

  async delete(kid: string): Promise<void> {
    this.conn.stmt('DELETE FROM signing_keys WHERE kid = ?').run(kid);
  }
}
