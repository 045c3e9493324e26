import type { Collection, Document, Filter } from 'mongodb';
import type { MongoConnection } from './connection.js';

/**
 * Delete up to `limit` documents of a deleted workspace from one collection (docs/adr/0177): their
 * ids are read first, so each deletion is bounded (deleteMany has no limit); `dependents` deletes
 * what hangs off those ids first (a key's claims, a delivery's attempts), so nothing is left
 * without its parent if the purge stops between the two. Returns the documents found (0: none left).
 */
export function purgeDocs<T extends Document>(
  conn: MongoConnection,
  coll: Collection<T>,
  filter: Filter<T>,
  limit: number,
  dependents?: (ids: T['_id'][]) => Promise<unknown>,
): Promise<number> {
  return conn.run(async () => {
    const ids = (await coll.find(filter, { projection: { _id: 1 }, limit }).toArray()).map((d) => d._id as T['_id']);
    if (ids.length === 0) return 0;
    await dependents?.(ids);
    await coll.deleteMany({ _id: { $in: ids } } as Filter<T>);
    return ids.length;
  });
}

/** The same over several collections in order: the first with documents left gives the batch; 0 when every one is empty. */
export async function purgeCollections(
  conn: MongoConnection,
  parts: readonly [Collection<Document>, Record<string, unknown>][],
  limit: number,
): Promise<number> {
  for (const [coll, filter] of parts) {
    const n = await purgeDocs(conn, coll, filter as Filter<Document>, limit);
    if (n > 0) return n;
  }
  return 0;
}
