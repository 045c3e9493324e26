import { type Collection, type CreateIndexesOptions, type Db, type Document, type IndexSpecification, MongoClient } from 'mongodb';
import { StoreConflict, StoreFailure, StoreUnavailable } from '../errors.js';
import { clientOptions } from './client-options.js';
import { isDuplicateKey, unreachableKind } from './failures.js';

export { isDuplicateKey };

/*
 * MongoDB storage relies on single-document atomicity only: no transactions, TTL, partial/sparse
 * indexes or collations, so the same code runs on MongoDB >= 4.4 and on FerretDB 1.24. Whatever must
 * hold under concurrency uses unique-key inserts or documents with a single writer (docs/adr/0004).
 */

export interface MongoOptions {
  /** Database name; defaults to the one in the URI, else `lsk`. */
  dbName?: string;
  /** How long an operation waits for a reachable server (default 800 ms; see OUTAGE_BOUNDS). */
  serverSelectionTimeoutMS?: number;
  /** Connect and monitor-check timeout (default 500 ms). */
  connectTimeoutMS?: number;
  /** How long `init` keeps trying to reach the server at start (default 5000 ms). */
  startupWaitMs?: number;
}

/** An index a repository needs: [collection, key, options]. */
export type IndexDef = [string, IndexSpecification, CreateIndexesOptions];

function dbNameFromUri(uri: string): string | undefined {
  const m = /^mongodb(?:\+srv)?:\/\/[^/?]*\/([^?]+)/.exec(uri);
  if (!m?.[1]) return undefined;
  const name = decodeURIComponent(m[1]);
  return name === '' ? undefined : name;
}

/** The index a duplicate-key error names, when the server says (MongoDB does, FerretDB does not). */
export function keyPatternOf(e: unknown): Record<string, unknown> | undefined {
  const kp =
    (e as { keyPattern?: unknown; errorResponse?: { keyPattern?: unknown } })?.keyPattern ??
    (e as { errorResponse?: { keyPattern?: unknown } })?.errorResponse?.keyPattern;
  return kp && typeof kp === 'object' ? (kp as Record<string, unknown>) : undefined;
}

const DOWN = 'the last check of every MongoDB server failed';

/**
 * The one client every MongoDB repository shares. While the driver's last check of every server
 * failed (docs/adr/0022), operations fail at once as StoreUnavailable instead of each waiting for
 * server selection; the driver keeps checking every 500 ms and the first answer ends it.
 */
export class MongoConnection {
  readonly client: MongoClient;
  readonly db: Db;
  /** Every server's last check failed (the driver marked each Unknown with an error). */
  down = false;
  private readonly startupWaitMs: number;

  constructor(uri: string, opts: MongoOptions = {}) {
    const { serverSelectionTimeoutMS, connectTimeoutMS } = opts;
    this.client = new MongoClient(uri, clientOptions(uri, { serverSelectionTimeoutMS, connectTimeoutMS }));
    this.db = this.client.db(opts.dbName ?? dbNameFromUri(uri) ?? 'lsk');
    this.startupWaitMs = opts.startupWaitMs ?? 5000;
    this.client.on('topologyDescriptionChanged', (e) => {
      const servers = [...e.newDescription.servers.values()];
      this.down = servers.length > 0 && servers.every((s) => s.type === 'Unknown' && s.error != null);
    });
    // A closed topology checks nothing: let the next operation reconnect rather than fail for ever.
    this.client.on('topologyClosed', () => {
      this.down = false;
    });
  }

  collection<T extends Document>(name: string): Collection<T> {
    return this.db.collection<T>(name);
  }

  /**
   * Runs a database operation, mapping "cannot reach the server" and "did not answer in time"
   * failures to StoreUnavailable. Other errors (a duplicate key the caller handles) pass as they are.
   */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.down) throw new StoreUnavailable(new Error(DOWN));
    try {
      return await fn();
    } catch (e) {
      if (e instanceof StoreConflict || e instanceof StoreFailure) throw e;
      const kind = unreachableKind(e);
      throw kind ? new StoreUnavailable(e, kind) : e;
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

  /** Connect (trying for up to `startupWaitMs`: the database may be starting too), then create the indexes the repositories declare. */
  async init(indexes: readonly IndexDef[]): Promise<void> {
    const until = Date.now() + this.startupWaitMs;
    for (;;) {
      try {
        await this.client.connect();
        break;
      } catch (e) {
        const kind = unreachableKind(e);
        if (!kind || Date.now() >= until) throw kind ? new StoreUnavailable(e, kind) : e;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    await this.run(async () => {
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
