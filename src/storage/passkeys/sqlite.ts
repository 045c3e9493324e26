import type { Passkey } from '../../domain/second-factor.js';
import { StoreConflict } from '../errors.js';
import { conflictOf, type Row, type SqliteConnection, toDate, toDateOrNull } from '../sqlite/connection.js';
import type { PasskeysRepository } from './repository.js';

const toPasskey = (r: Row): Passkey => ({
  id: String(r.id),
  credentialId: String(r.credential_id),
  userId: String(r.user_id),
  publicKey: String(r.public_key),
  counter: Number(r.counter),
  transports: JSON.parse(String(r.transports)) as string[],
  name: String(r.name),
  createdAt: toDate(r.created_at),
  lastUsedAt: toDateOrNull(r.last_used_at),
});

export class SqlitePasskeys implements PasskeysRepository {
  constructor(private readonly conn: SqliteConnection) {}

  async insert(p: Passkey): Promise<Passkey> {
    try {
      this.conn
        .stmt(
          `INSERT INTO passkeys (id, credential_id, user_id, public_key, counter, transports, name, created_at, last_used_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          p.id,
          p.credentialId,
          p.userId,
          p.publicKey,
          p.counter,
          JSON.stringify(p.transports),
          p.name,
          p.createdAt.getTime(),
          p.lastUsedAt?.getTime() ?? null,
        );
    } catch (e) {
      throw conflictOf(e) ? new StoreConflict('id') : e;
    }
    return p;
  }

  async listByUser(userId: string): Promise<Passkey[]> {
    return (this.conn.stmt('SELECT * FROM passkeys WHERE user_id = ? ORDER BY created_at, id').all(userId) as Row[]).map(toPasskey);
  }

  async getByCredential(credentialId: string): Promise<Passkey | null> {
    const r = this.conn.stmt('SELECT * FROM passkeys WHERE credential_id = ?').get(credentialId) as Row | undefined;
    return r ? toPasskey(r) : null;
  }

  async remove(userId: string, id: string): Promise<boolean> {
    return this.conn.stmt('DELETE FROM passkeys WHERE user_id = ? AND id = ?').run(userId, id).changes > 0;
  }

  async used(id: string, counter: number, at: Date): Promise<void> {
    this.conn.stmt('UPDATE passkeys SET counter = ?, last_used_at = ? WHERE id = ?').run(counter, at.getTime(), id);
  }
}
