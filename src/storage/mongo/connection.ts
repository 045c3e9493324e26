import {
  type Collection,
  type CreateIndexesOptions,
  type Db,
  type Document,
  type IndexSpecification,
  MongoBulkWriteError,
  MongoClient,
  MongoClientClosedError,
  MongoError,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoOperationTimeoutError,
  MongoServerClosedError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
} from 'mongodb';
import { StoreConflict, StoreUnavailable } from '../errors.js';

/*
 * MongoDB storage relies on single-document atomicity only: no transactions, TTL, partial/sparse
 * indexes or collations, so the same code runs on MongoDB >= 4.4 and on FerretDB 1.24. Whatever must
 * hold under concurrency uses unique-key inserts or documents with a single writer (docs/adr/0004).
 */

export interface MongoOptions {
  /** Database name; defaults to the one in the URI, else `lsk`. */
  dbName?: string;
  /** How long to wait for a reachable server before failing an operation (default 5000 ms). */
  serverSelectionTimeoutMS?: number;
  /** TCP connect timeout (default 5000 ms). */
  connectTimeoutMS?: number;
}

/** An index a repository needs: [collection, key, options]. */
export type IndexDef = [string, IndexSpecification, CreateIndexesOptions];

function dbNameFromUri(uri: string): string | undefined {
  const m = /^mongodb(?:\+srv)?:\/\/[^/?]*\/([^?]+)/.exec(uri);
  if (!m?.[1]) return undefined;
  const name = decodeURIComponent(m[1]);
  return name === '' ? undefined : name;
}

const DUPLICATE = /E11000|duplicate key|UNIQUE constraint failed/i;

/** A unique index refused a write. FerretDB reports some of these as InternalError with SQLite's text. */
export function isDuplicateKey(e: unknown): boolean {
  if (e instanceof MongoBulkWriteError) {
    const errs = Array.isArray(e.writeErrors) ? e.writeErrors : [e.writeErrors];
    if (errs.length > 0 && errs.every((w) => w.code === 11000 || w.code === 11001 || DUPLICATE.test(w.errmsg ?? ''))) return true;
  }
  if (!(e instanceof MongoError)) return false;
  if (e.code === 11000 || e.code === 11001) return true;
  return DUPLICATE.test(e.message);
}

/** The index a duplicate-key error names, when the server says (MongoDB does, FerretDB does not). */
export function keyPatternOf(e: unknown): Record<string, unknown> | undefined {
  const kp =
    (e as { keyPattern?: unknown; errorResponse?: { keyPattern?: unknown } })?.keyPattern ??
    (e as { errorResponse?: { keyPattern?: unknown } })?.errorResponse?.keyPattern;
  return kp && typeof kp === 'object' ? (kp as Record<string, unknown>) : undefined;
}

function isUnavailable(e: unknown): boolean {
  // A bulk write that failed as a whole (no write errors) carries the connection's error as its cause.
  if (e instanceof MongoBulkWriteError) {
    const errs = Array.isArray(e.writeErrors) ? e.writeErrors : e.writeErrors ? [e.writeErrors] : [];
    return errs.length === 0 && (isUnavailable(e.cause) || /topology is closed|not connected|server selection/i.test(e.message));
  }
  return (
    e instanceof MongoServerSelectionError ||
    e instanceof MongoNetworkError ||
    e instanceof MongoNotConnectedError ||
    e instanceof MongoTopologyClosedError ||
    e instanceof MongoClientClosedError ||
    e instanceof MongoServerClosedError ||
    e instanceof MongoOperationTimeoutError
  );
}

/** The one client every MongoDB repository shares. */
export class MongoConnection {
  readonly client: MongoClient;
  readonly db: Db;

  constructor(uri: string, opts: MongoOptions = {}) {
    this.client = new MongoClient(uri, {
      serverSelectionTimeoutMS: opts.serverSelectionTimeoutMS ?? 5000,
      connectTimeoutMS: opts.connectTimeoutMS ?? 5000,
      appName: 'lsk',
      ignoreUndefined: true,
    });
    this.db = this.client.db(opts.dbName ?? dbNameFromUri(uri) ?? 'lsk');
  }

  collection<T extends Document>(name: string): Collection<T> {
    return this.db.collection<T>(name);
  }

  /** Runs a database operation, mapping "cannot reach the server" failures to StoreUnavailable. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if (e instanceof StoreConflict || e instanceof StoreUnavailable) throw e;
      if (isUnavailable(e)) throw new StoreUnavailable(e);
      throw e;
    }
  }

  /** Insert a document whose _id may be taken: true when this call inserted it, false on a duplicate key. */
  insertUnique<T extends Document & { _id: string }>(coll: Collection<T>, doc: T): Promise<boolean> {
    return this.run(async () => {
      try {
        await coll.insertOne(doc as Parameters<Collection<T>['insertOne']>[0]);
        return true;
      } catch (e) {
        if (isDuplicateKey(e)) return false;
        throw e;
      }
    });
  }

  /** Connect and create the indexes the repositories declare. */
  async init(indexes: readonly IndexDef[]): Promise<void> {
    await this.run(async () => {
      await this.client.connect();
      // One index per command: FerretDB 1.24 drops the connection (a server-side panic) when a
      // createIndexes command lists several indexes that already exist, i.e. on every restart.
      for (const [coll, key, options] of indexes) await this.db.collection(coll).createIndex(key, options);
    });
  }

  async ping(): Promise<void> {
    await this.run(() => this.db.command({ ping: 1 }));
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
