import type { AnyBulkWriteOperation, Collection } from 'mongodb';
import type { ApiKey, SigningKey } from '../../domain/model.js';
import { SCOPES, type Scope } from '../../domain/scopes.js';
import { StoreConflict } from '../errors.js';
import { partsOf } from '../mongo/bulk-parts.js';
import { type IndexDef, isDuplicateKey, type MongoConnection } from '../mongo/connection.js';
import { purgeDocs } from '../mongo/purge.js';
import type { ApiKeysRepository, SigningKeysRepository } from './repository.js';

/** `scopes` is absent on keys issued before scopes existed (they hold every scope); `domains` and `tags` on keys from before restrictions. */
type ApiKeyDoc = Omit<ApiKey, 'id' | 'scopes' | 'domains' | 'tags'> & { _id: string; scopes?: Scope[]; domains?: string[] | null; tags?: string[] | null };

interface SigningKeyDoc {
  /** The kid. */
  _id: string;
  privateJwk: string;
  publicJwk: string;
  createdAt: Date;
}

/** The one successor of an API key: inserted once (the unique _id makes the claim atomic). */
interface SuccessorClaimDoc {
  /** The API key's id. */
  _id: string;
  successorId: string;
  at: Date;
}

export const KEY_INDEXES: IndexDef[] = [['api_keys', { workspaceId: 1, createdAt: -1 }, { name: 'api_keys_by_workspace' }]];

const toApiKey = ({ _id, ...d }: ApiKeyDoc): ApiKey => ({
  id: _id,
  workspaceId: d.workspaceId,
  name: d.name,
  kid: d.kid,
  createdAt: d.createdAt,
  expiresAt: d.expiresAt,
  lastUsedAt: d.lastUsedAt ?? null,
  revokedAt: d.revokedAt ?? null,
  successorId: d.successorId ?? null,
  scopes: d.scopes ?? [...SCOPES],
  domains: d.domains ?? null,
  tags: d.tags ?? null,
});

const toSigningKey = (d: SigningKeyDoc): SigningKey => ({ kid: d._id, privateJwk: d.privateJwk, publicJwk: d.publicJwk, createdAt: d.createdAt });

export class MongoApiKeys implements ApiKeysRepository {
  private readonly keys: Collection<ApiKeyDoc>;
  private readonly claims: Collection<SuccessorClaimDoc>;

  constructor(private readonly conn: MongoConnection) {
    this.keys = conn.collection('api_keys');
    this.claims = conn.collection('api_key_successor_claims');
  }

  async insert(key: ApiKey): Promise<ApiKey> {
    const { id, ...rest } = key;
    if (!(await this.conn.insertUnique(this.keys, { _id: id, ...rest }))) throw new StoreConflict('id');
    return key;
  }

  async get(id: string): Promise<ApiKey | null> {
    return this.conn.run(async () => {
      const d = await this.keys.findOne({ _id: id });
      return d ? toApiKey(d) : null;
    });
  }

  async list(workspaceId: string): Promise<ApiKey[]> {
    return this.conn.run(async () => (await this.keys.find({ workspaceId }).sort({ createdAt: -1, _id: -1 }).toArray()).map(toApiKey));
  }

  async revoke(workspaceId: string, id: string, at: Date): Promise<ApiKey | null> {
    return this.conn.run(async () => {
      await this.keys.updateOne({ _id: id, workspaceId, revokedAt: null }, { $set: { revokedAt: at } });
      const d = await this.keys.findOne({ _id: id, workspaceId });
      return d ? toApiKey(d) : null;
    });
  }

  async touch(lastUsed: ReadonlyMap<string, Date>): Promise<void> {
    if (lastUsed.size === 0) return;
    const ops: AnyBulkWriteOperation<ApiKeyDoc>[] = [...lastUsed].map(([id, at]) => ({
      updateOne: { filter: { _id: id, $or: [{ lastUsedAt: null }, { lastUsedAt: { $lt: at } }] }, update: { $set: { lastUsedAt: at } } },
    }));
    // In parts: FerretDB 1.24 never answers a bulk write updating 100 existing documents (docs/adr/0231).
    for (const part of partsOf(ops)) await this.conn.run(() => this.keys.bulkWrite(part, { ordered: false }));
  }

  async claimSuccessor(id: string, successorId: string): Promise<boolean> {
    // A conditional update (`successorId: null`) is atomic on MongoDB, but FerretDB 1.24 applies
    // updates as an unisolated read-modify-write, so two concurrent claims could both win there. An
    // insert on a unique _id is atomic on both: the claim is that insert; the key document follows.
    return this.conn.run(async () => {
      const key = await this.keys.findOne({ _id: id }, { projection: { successorId: 1 } });
      if (!key || key.successorId != null) return false;
      try {
        await this.claims.insertOne({ _id: id, successorId, at: new Date() });
      } catch (e) {
        if (!isDuplicateKey(e)) throw e;
        // Someone else claimed it; finish their write in case they were interrupted before it.
        const claim = await this.claims.findOne({ _id: id });
        if (claim) await this.keys.updateOne({ _id: id, successorId: null }, { $set: { successorId: claim.successorId } });
        return false;
      }
      await this.keys.updateOne({ _id: id, successorId: null }, { $set: { successorId } });
      return true;
    });
  }

  /** A batch of keys goes with their successor claims (keyed by the key's id). */
  purgeWorkspace(workspaceId: string, limit: number): Promise<number> {
    return purgeDocs(this.conn, this.keys, { workspaceId }, limit, (ids) => this.claims.deleteMany({ _id: { $in: ids } }));
  }
}

export class MongoSigningKeys implements SigningKeysRepository {
  private readonly keys: Collection<SigningKeyDoc>;

  constructor(private readonly conn: MongoConnection) {
    this.keys = conn.collection('signing_keys');
  }

  async list(): Promise<SigningKey[]> {
    return this.conn.run(async () => (await this.keys.find({}).sort({ createdAt: 1, _id: 1 }).toArray()).map(toSigningKey));
  }

  async insert(key: SigningKey): Promise<SigningKey> {
    return this.conn.run(async () => {
      try {
        await this.keys.updateOne(
          { _id: key.kid },
          { $setOnInsert: { privateJwk: key.privateJwk, publicJwk: key.publicJwk, createdAt: key.createdAt } },
          { upsert: true },
        );
      } catch (e) {
        if (!isDuplicateKey(e)) throw e; // inserted concurrently by another instance
      }
      const d = await this.keys.findOne({ _id: key.kid });
      if (!d) throw new StoreConflict('kid'); // deleted in between; nothing sensible to return
      return toSigningKey(d);
    });
  }

  async delete(kid: string): Promise<void> {
    await this.conn.run(() => this.keys.deleteOne({ _id: kid }));
  }
}
