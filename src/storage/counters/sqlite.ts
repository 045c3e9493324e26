import type { Row, SqliteConnection } from '../sqlite/connection.js';
import type { CountersRepository, Versioned } from './repository.js';

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

  async claimSlots(key: string, chain: number, slots: readonly number[]): Promise<number> {
    const insert = this.conn.stmt('INSERT OR IGNORE INTO rate_slots (key, chain, slot) VALUES (?, ?, ?)');
    return this.conn.tx(() => {
      for (let i = 0; i < slots.length; i++) if (insert.run(key, chain, slots[i]).changes === 0) return i;
      return slots.length;
    });
  }

  async dropSlots(key: string, chain: number, slots: readonly number[]): Promise<void> {
    const drop = this.conn.stmt('DELETE FROM rate_slots WHERE key = ? AND chain = ? AND slot = ?');
    this.conn.tx(() => {
      for (const slot of slots) drop.run(key, chain, slot);
    });
  }

  async mark(key: string): Promise<boolean> {
    return this.conn.stmt('INSERT OR IGNORE INTO counters (key, version, value) VALUES (?, 0, ?)').run(`mark:${key}`, '').changes > 0;
  }

  async sweepSlots(before: number): Promise<void> {
    this.conn.stmt('DELETE FROM rate_slots WHERE slot < ?').run(before);
  }
}
