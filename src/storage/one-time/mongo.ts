import type { Collection } from 'mongodb';
import type { MongoConnection } from '../mongo/connection.js';
import type { OneTimeRepository } from './repository.js';

/** The same collection (and expiry index) as the password-set tokens' uses (../mongo/one-time.ts). */
interface OneTimeDoc {
  _id: string;
  expiresAt: Date;
  value?: string;
}

export class MongoOneTime implements OneTimeRepository {
  private readonly records: Collection<OneTimeDoc>;

  constructor(private readonly conn: MongoConnection) {
    this.records = conn.collection('one_time_uses');
  }

  claim(key: string, expiresAt: Date, value = ''): Promise<boolean> {
    return this.conn.insertUnique(this.records, { _id: key, expiresAt, value });
  }

  async get(key: string, now: Date): Promise<string | null> {
    return this.conn.run(async () => {
      const d = await this.records.findOne({ _id: key, expiresAt: { $gt: now } });
      return d ? (d.value ?? '') : null;
    });
  }

  async release(key: string): Promise<void> {
    await this.conn.run(() => this.records.deleteOne({ _id: key }));
  }

  async sweep(now: Date): Promise<void> {
    await this.conn.run(() => this.records.deleteMany({ expiresAt: { $lte: now } }));
  }
}
