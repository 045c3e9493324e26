import { resolve } from 'node:path';
import { SqliteStore } from './sqlite/sqlite-store.js';
import type { Store } from './store.js';

/** DATABASE_URL -> a store: `file:PATH` is the embedded SQLite, `mongodb://` / `mongodb+srv://` MongoDB. */
export async function openStore(databaseUrl: string): Promise<Store> {
  if (databaseUrl.startsWith('file:')) {
    const path = databaseUrl.slice('file:'.length);
    return new SqliteStore(path === ':memory:' ? path : resolve(path));
  }
  const { MongoStore } = await import('./mongo/mongo-store.js');
  return new MongoStore(databaseUrl);
}
