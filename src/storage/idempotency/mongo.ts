import { type Collection, MongoServerError } from 'mongodb';
import type { IndexDef, MongoConnection } from '../mongo/connection.js';
import { purgeCollections } from '../mongo/purge.js';
import type { IdempotencyRecord, IdempotencyRepository, StoredResponse } from './repository.js';

/** `_id` is workspace id + NUL + key: the unique claim. */
interface IdempotencyDoc {
  _id: string;
  token: string;
  fingerprint: string;
  createdAt: Date;
  expiresAt: Date;
  response: StoredResponse | null;
}

/** What the sweep reads. */
export const IDEMPOTENCY_INDEXES: IndexDef[] = [['idempotency_keys', { expiresAt: 1 }, { name: 'idempotency_by_expiry' }]];

const idOf = (workspaceId: string, key: string) => `${workspaceId}\u0000${key}`;

export class MongoIdempotency implements IdempotencyRepository {
  private readonly docs: Collection<IdempotencyDoc>;

  constructor(private readonly conn: MongoConnection) {
    this.docs = conn.collection('idempotency_keys');
  }

  /**
   * A TTL index as well, where the server has them (real MongoDB): an optimisation only. FerretDB
   * refuses the option ("not implemented"); the sweep and the read-time check are what count.
   */
  async init(): Promise<void> {
    await this.conn.run(async () => {
      try {
        await this.docs.createIndex({ expiresAt: 1 }, { name: 'idempotency_ttl', expireAfterSeconds: 0 });
      } catch (e) {
        if (!(e instanceof MongoServerError) || !/not implemented|expireAfterSeconds/i.test(e.message)) throw e;
      }
    });
  }

  async claim(r: Omit<IdempotencyRecord, 'response'>): Promise<boolean> {
    const doc: IdempotencyDoc = {
      _id: idOf(r.workspaceId, r.key),
      token: r.token,
      fingerprint: r.fingerprint,
      createdAt: r.createdAt,
      expiresAt: r.expiresAt,
      response: null,
    };
    return this.conn.insertUnique(this.docs, doc);
  }

  async get(workspaceId: string, key: string): Promise<IdempotencyRecord | null> {
    return this.conn.run(async () => {
      const d = await this.docs.findOne({ _id: idOf(workspaceId, key) });
      return d ? { workspaceId, key, token: d.token, fingerprint: d.fingerprint, createdAt: d.createdAt, expiresAt: d.expiresAt, response: d.response } : null;
    });
  }

  async complete(workspaceId: string, key: string, token: string, response: StoredResponse): Promise<void> {
    await this.conn.run(() => this.docs.updateOne({ _id: idOf(workspaceId, key), token }, { $set: { response } }));
  }

  async release(workspaceId: string, key: string, token: string): Promise<void> {
    await this.conn.run(() => this.docs.deleteOne({ _id: idOf(workspaceId, key), token }));
  }

  async sweep(now: Date): Promise<number> {
    return this.conn.run(async () => (await this.docs.deleteMany({ expiresAt: { $lte: now } })).deletedCount);
  }

  purgeWorkspace(workspaceId: string, limit: number): Promise<number> {
    const c = (name: string) => this.conn.collection(name);
    return purgeCollections(this.conn, [[c('idempotency_keys'), { _id: { $gt: `${workspaceId}\u0000`, $lt: `${workspaceId}\u0001` } }]], limit);
  }
}
