import type { TotpRecord } from '../../domain/second-factor.js';
import { type Row, type SqliteConnection, toDateOrNull } from '../sqlite/connection.js';
import type { TwoFactorRepository } from './repository.js';

const toRecord = (r: Row): TotpRecord => ({
  userId: String(r.user_id),
  secret: r.secret === null ? null : String(r.secret),
  enabledAt: toDateOrNull(r.enabled_at),
  recoveryHashes: JSON.parse(String(r.recovery_hashes)) as string[],
  pendingSecret: r.pending_secret === null ? null : String(r.pending_secret),
  pendingAt: toDateOrNull(r.pending_at),
});

export class SqliteTwoFactor implements TwoFactorRepository {
  constructor(private readonly conn: SqliteConnection) {}

  async get(userId: string): Promise<TotpRecord | null> {
    const r = this.conn.stmt('SELECT * FROM totp WHERE user_id = ?').get(userId) as Row | undefined;
    return r ? toRecord(r) : null;
  }

  async setPending(userId: string, secret: string, at: Date): Promise<void> {
    this.conn
      .stmt(
        `INSERT INTO totp (user_id, secret, enabled_at, recovery_hashes, pending_secret, pending_at) VALUES (?, NULL, NULL, '[]', ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET pending_secret = excluded.pending_secret, pending_at = excluded.pending_at`,
      )
      .run(userId, secret, at.getTime());
  }

  async enable(userId: string, secret: string, recoveryHashes: readonly string[], at: Date): Promise<void> {
    this.conn
      .stmt(
        `INSERT INTO totp (user_id, secret, enabled_at, recovery_hashes, pending_secret, pending_at) VALUES (?, ?, ?, ?, NULL, NULL)
         ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, enabled_at = excluded.enabled_at,
           recovery_hashes = excluded.recovery_hashes, pending_secret = NULL, pending_at = NULL`,
      )
      .run(userId, secret, at.getTime(), JSON.stringify(recoveryHashes));
  }

  async remove(userId: string): Promise<void> {
    this.conn.stmt('DELETE FROM totp WHERE user_id = ?').run(userId);
  }
}
