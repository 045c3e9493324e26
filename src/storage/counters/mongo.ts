import type { Collection } from 'mongodb';
import { type IndexDef, isDuplicateKey, type MongoConnection } from '../mongo/connection.js';
import type { ClaimId, CountersRepository, RateClaim, Versioned } from './repository.js';

/** One version of a versioned value: `key#version`, inserted once. */
interface VersionDoc {
  _id: string;
  k: string;
  v: number;
  value: string;
}

interface ClaimDoc {
  /** `key|chain|gen`: unique, so each generation of a chain is claimed once. */
  _id: string;
  k: string;
  c: number;
  g: number;
  at: number;
}

export const COUNTER_INDEXES: IndexDef[] = [
  ['counters', { k: 1, v: -1 }, { name: 'counters_by_key' }],
  ['rate_claims', { k: 1, c: 1, at: -1 }, { name: 'rate_claims_by_chain' }],
  ['rate_claims', { at: 1 }, { name: 'rate_claims_by_time' }],
];

const claimId = (c: ClaimId) => `${c.key}|${c.chain}|${c.gen}`;

/** Every write is a unique-key insert or a delete: nothing here needs an atomic read-modify-write. */
export class MongoCounters implements CountersRepository {
  private readonly versions: Collection<VersionDoc>;
  private readonly claims: Collection<ClaimDoc>;

  constructor(private readonly conn: MongoConnection) {
    this.versions = conn.collection('counters');
    this.claims = conn.collection('rate_claims');
  }

  async get(key: string): Promise<Versioned | null> {
    return this.conn.run(async () => {
      const doc = await this.versions.findOne({ k: key }, { sort: { v: -1 } });
      return doc ? { version: doc.v, value: doc.value } : null;
    });
  }

  /**
   * Each version is its own document with a unique _id (`key#version`): whichever writer inserts
   * version N+1 first wins, the others get a duplicate-key error. Old versions are pruned as writes go by.
   */
  async cas(key: string, expected: number | null, value: string): Promise<boolean> {
    const v = (expected ?? 0) + 1;
    const inserted = await this.insertOnce(this.versions, { _id: `${key}#${v}`, k: key, v, value });
    if (inserted && v % 16 === 0) void this.versions.deleteMany({ k: key, v: { $lt: v - 4 } }).catch(() => undefined);
    return inserted;
  }

  private insertOnce<T extends { _id: string }>(coll: Collection<T>, doc: T): Promise<boolean> {
    return this.conn.run(async () => {
      try {
        await coll.insertOne(doc as Parameters<Collection<T>['insertOne']>[0]);
        return true;
      } catch (e) {
        if (isDuplicateKey(e)) return false;
        throw e;
      }
    });
  }

  insertClaim(c: RateClaim): Promise<boolean> {
    return this.insertOnce(this.claims, { _id: claimId(c), k: c.key, c: c.chain, g: c.gen, at: c.atMs });
  }

  async latestClaim(key: string, chain: number): Promise<RateClaim | null> {
    return this.conn.run(async () => {
      const d = await this.claims.findOne({ k: key, c: chain }, { sort: { g: -1 } });
      return d ? { key, chain, gen: d.g, atMs: d.at } : null;
    });
  }

  async rivalClaim(c: ClaimId, sinceMs: number): Promise<number | null> {
    return this.conn.run(async () => {
      const d = await this.claims.findOne({ k: c.key, c: c.chain, at: { $gt: sinceMs }, g: { $ne: c.gen } }, { sort: { at: -1 }, projection: { at: 1 } });
      return d ? d.at : null;
    });
  }

  async deleteClaim(c: ClaimId): Promise<void> {
    await this.conn.run(() => this.claims.deleteOne({ _id: claimId(c) }));
  }

  async sweepClaims(beforeMs: number): Promise<void> {
    await this.conn.run(() => this.claims.deleteMany({ at: { $lt: beforeMs } }));
  }
}
