import { resolve } from 'node:path';
import { type Clock, systemClock } from '../domain/clock.js';
import type { MongoClicksOptions } from './clicks/mongo.js';
import type { SqliteClicksOptions } from './clicks/sqlite.js';
import type { MongoOptions } from './mongo/connection.js';
import type { Repositories } from './repositories.js';

export interface OpenOptions extends MongoOptions {
  /** The clock of time-based storage upkeep (closing click hours, sweeping events, MongoDB writer leases). */
  clock?: Clock;
  /**
   * Click storage: how long events are kept (both stores); MongoDB click writers (tests shorten the
   * lease times); SQLite's writer thread priority.
   */
  clicks?: MongoClicksOptions & SqliteClicksOptions;
}

/** DATABASE_URL -> the repositories: `file:PATH` is the embedded SQLite, `mongodb://` / `mongodb+srv://` MongoDB. */
export async function openRepositories(databaseUrl: string, opts: OpenOptions = {}): Promise<Repositories> {
  if (databaseUrl.startsWith('file:')) {
    const path = databaseUrl.slice('file:'.length);
    const { openSqlite } = await import('./sqlite/open.js');
    return openSqlite(path === ':memory:' ? path : resolve(path), opts.clock, opts.clicks);
  }
  const { openMongo } = await import('./mongo/open.js');
  return openMongo(databaseUrl, opts, opts.clock ?? systemClock);
}
