import type { Collection, Filter } from 'mongodb';
import type { MongoConnection } from '../mongo/connection.js';
import type { LinkDoc } from './mongo-docs.js';
import { orderMongo } from './mongo-order.js';
import type { LinkFilter, LinkRow } from './repository.js';

interface PageSource {
  conn: MongoConnection;
  links: Collection<LinkDoc>;
  filter(workspaceId: string, f: LinkFilter): Filter<LinkDoc>[];
  toLinks(docs: LinkDoc[]): Promise<LinkRow[]>;
}

/**
 * Every link of a workspace matching `filter`, newest first, in pages of `size`, through ONE
 * cursor: a store that cannot use an index for a filtered, sorted, limited find (FerretDB 1.24 reads
 * and sorts the collection for each) does that once for the whole walk, not once per page. The next
 * batch is fetched when the caller pulls the next page; a caller idle past the server's cursor
 * timeout (10 minutes by default) gets the server's error, like any store failure mid-walk.
 */
export async function* cursorPages(src: PageSource, workspaceId: string, filter: LinkFilter, size: number): AsyncGenerator<LinkRow[]> {
  const and = src.filter(workspaceId, filter);
  const cursor = src.links
    .find({ $and: and })
    .sort(orderMongo({ limit: size }, and))
    .batchSize(size);
  try {
    for (;;) {
      const docs: LinkDoc[] = [];
      while (docs.length < size) {
        const doc = await src.conn.run(() => cursor.next());
        if (!doc) break;
        docs.push(doc);
      }
      if (docs.length > 0) {
        yield await src.conn.run(() => src.toLinks(docs));
      }
      if (docs.length < size) return;
    }
  } finally {
    await cursor.close().catch(() => undefined);
  }
}
