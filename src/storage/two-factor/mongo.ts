import type { Collection } from 'mongodb';
import type { TotpRecord } from '../../domain/second-factor.js';
import type { MongoConnection } from '../mongo/connection.js';
import type { TwoFactorRepository } from './repository.js';

/** One document per user (`_id` = the user id): its only writer is that user's own requests. */
interface TotpDoc {
  _id: string;
  secret: string | null;
  enabledAt: Date | null;
  recoveryHashes: string[];
  pendingSecret: string | null;
  pendingAt: Date | null;
}

const toRecord = (d: TotpDoc): TotpRecord => ({
  userId: d._id,
  secret: d.secret ?? null,
  enabledAt: d.enabledAt ?? null,
  recoveryHashes: d.recoveryHashes ?? [],
  pendingSecret: d.pendingSecret ?? null,
  pendingAt: d.pendingAt ?? null,
});

export class MongoTwoFactor implements TwoFactorRepository {
  private readonly totp: Collection<TotpDoc>;

  constructor(private readonly conn: MongoConnection) {
    this.totp = conn.collection('totp');
  }

  async get(userId: string): Promise<TotpRecord | null> {
    return this.conn.run(async () => {
      const d = await this.totp.findOne({ _id: userId });
      return d ? toRecord(d) : null;
    });
  }

  async setPending(userId: string, secret: string, at: Date): Promise<void> {
    await this.conn.run(() =>
      this.totp.updateOne(
        { _id: userId },
        { $set: { pendingSecret: secret, pendingAt: at }, $setOnInsert: { secret: null, enabledAt: null, recoveryHashes: [] } },
        { upsert: true },
      ),
    );
  }

  async enable(userId: string, secret: string, recoveryHashes: readonly string[], at: Date): Promise<void> {
    await this.conn.run(() =>
      this.totp.updateOne(
        { _id: userId },
        { $set: { secret, enabledAt: at, recoveryHashes: [...recoveryHashes], pendingSecret: null, pendingAt: null } },
        { upsert: true },
      ),
    );
  }

  async remove(userId: string): Promise<void> {
    await this.conn.run(() => this.totp.deleteOne({ _id: userId }));
  }
}
