import type { Row, SqliteConnection } from '../sqlite/connection.js';
import type { ClaimId, CountersRepository, RateClaim, Versioned } from './repository.js';

export class SqliteCounters implements CountersRepository {
  constructor(private readonly conn: SqliteConnection) {}

  async get(key: string): Promise<Versioned | null> {
    const r = this.conn.stmt('SELECT version, value FROM counters WHERE key = ?').get(key) as Row | undefined;
    return r ? { version: Number(r.version), value: String(r.value) } : null;
  }

  async cas(key: string, expected: number | null, value: string): Promise<boolean> {
    if (expected === null) return this.conn.stmt('INSERT OR IGNORE INTO counters (key, version, value) VALUES (?, 1, ?)').run(key, value).changes > 0;
    return this.conn.stmt('UPDATE counters SET version = version + 1, value = ? WHERE key = ? AND version = ?').run(value, key, expected).changes > 0;
  }

  async insertClaim(c: RateClaim): Promise<boolean> {
    return this.conn.stmt('INSERT OR IGNORE INTO rate_claims (key, chain, gen, at) VALUES (?, ?, ?, ?)').run(c.key, c.chain, c.gen, c.atMs).changes > 0;
  }

  async latestClaim(key: string, chain: number): Promise<RateClaim | null> {
    const r = this.conn.stmt('SELECT gen, at FROM rate_claims WHERE key = ? AND chain = ? ORDER BY gen DESC LIMIT 1').get(key, chain) as Row | undefined;
    return r ? { key, chain, gen: Number(r.gen), atMs: Number(r.at) } : null;
  }

  async rivalClaim(c: ClaimId, sinceMs: number): Promise<number | null> {
    const r = this.conn
      .stmt('SELECT max(at) AS at FROM rate_claims WHERE key = ? AND chain = ? AND at > ? AND gen <> ?')
      .get(c.key, c.chain, sinceMs, c.gen) as Row;
    return r.at === null ? null : Number(r.at);
  }

  async deleteClaim(c: ClaimId): Promise<void> {
    this.conn.stmt('DELETE FROM rate_claims WHERE key = ? AND chain = ? AND gen = ?').run(c.key, c.chain, c.gen);
  }

  async sweepClaims(beforeMs: number): Promise<void> {
    this.conn.stmt('DELETE FROM rate_claims WHERE at < ?').run(beforeMs);
  }
}
