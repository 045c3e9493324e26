import type { Collection } from 'mongodb';
import type { IndexDef, MongoConnection } from './connection.js';

/** A use of a one-time secret (a password-set token, an invite): inserted once, so only one use wins. */
interface UseDoc {
  _id: string;
  /** When the marker may go (the secret's own expiry). */
  expiresAt: Date;
}

export const ONE_TIME_INDEXES: IndexDef[] = [['one_time_uses', { expiresAt: 1 }, { name: 'one_time_uses_by_expiry' }]];

/**
 * "Use this once" on MongoDB without an atomic read-modify-write (FerretDB 1.24 has none): the use
 * is the insert of a marker with a unique _id; a second use meets the duplicate key.
 */
export class OneTimeUses {
  private readonly uses: Collection<UseDoc>;

  constructor(private readonly conn: MongoConnection) {
    this.uses = conn.collection('one_time_uses');
  }

  claim(id: string, expiresAt: Date): Promise<boolean> {
    return this.conn.insertUnique(this.uses, { _id: id, expiresAt });
  }

  async sweep(now: Date): Promise<void> {
    await this.conn.run(() => this.uses.deleteMany({ expiresAt: { $lte: now } }));
  }
}
