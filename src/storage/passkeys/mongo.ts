import type { Collection } from 'mongodb';
import type { Passkey } from '../../domain/second-factor.js';
import { StoreConflict } from '../errors.js';
import { type IndexDef, isDuplicateKey, type MongoConnection } from '../mongo/connection.js';
import type { PasskeysRepository } from './repository.js';

type PasskeyDoc = Omit<Passkey, 'id'> & { _id: string };

export const PASSKEY_INDEXES: IndexDef[] = [
  ['passkeys', { credentialId: 1 }, { name: 'passkeys_credential', unique: true }],
  ['passkeys', { userId: 1, createdAt: 1 }, { name: 'passkeys_by_user' }],
];

const toPasskey = ({ _id, ...d }: PasskeyDoc): Passkey => ({
  id: _id,
  credentialId: d.credentialId,
  userId: d.userId,
  publicKey: d.publicKey,
  counter: Number(d.counter),
  transports: d.transports ?? [],
  name: d.name,
  createdAt: d.createdAt,
  lastUsedAt: d.lastUsedAt ?? null,
});

export class MongoPasskeys implements PasskeysRepository {
  private readonly passkeys: Collection<PasskeyDoc>;

  constructor(private readonly conn: MongoConnection) {
    this.passkeys = conn.collection('passkeys');
  }

  async insert(p: Passkey): Promise<Passkey> {
    const { id, ...rest } = p;
    await this.conn.run(async () => {
      try {
        await this.passkeys.insertOne({ _id: id, ...rest });
      } catch (e) {
        if (isDuplicateKey(e)) throw new StoreConflict('id');
        throw e;
      }
    });
    return p;
  }

  async listByUser(userId: string): Promise<Passkey[]> {
    return this.conn.run(async () => (await this.passkeys.find({ userId }).sort({ createdAt: 1, _id: 1 }).toArray()).map(toPasskey));
  }

  async getByCredential(credentialId: string): Promise<Passkey | null> {
    return this.conn.run(async () => {
      const d = await this.passkeys.findOne({ credentialId });
      return d ? toPasskey(d) : null;
    });
  }

  async remove(userId: string, id: string): Promise<boolean> {
    return this.conn.run(async () => (await this.passkeys.deleteOne({ _id: id, userId })).deletedCount > 0);
  }

  async used(id: string, counter: number, at: Date): Promise<void> {
    // Two sign-ins at once may both write; the counter is advisory (synced passkeys keep 0).
    await this.conn.run(() => this.passkeys.updateOne({ _id: id }, { $set: { counter, lastUsedAt: at } }));
  }
}
