import type { Link } from '../domain/model.js';
import type { LinkPosition } from '../storage/links/repository.js';

/** At most this many links are read for one page of a status filter that needs click counts. */
export const STATUS_SCAN_MAX = 1000;
const BATCH = 100;

/**
 * One page of links of one status when the store cannot filter on it alone (`active` and
 * `exhausted` depend on click counts kept by the clicks aggregate): reads batches in list order and
 * keeps the matching links, reading at most STATUS_SCAN_MAX links. When it stops early the page may be
 * shorter than `limit`, with a cursor after the last link read (clients page on as usual).
 */
export async function statusPage<P = LinkPosition>(
  limit: number,
  after: P | undefined,
  status: Link['status'],
  read: (after: P | undefined, limit: number) => Promise<Link[]>,
  /** A link's position in the list's order (default: by creation). */
  positionOf: (l: Link) => P = (l) => ({ createdAt: l.createdAt, id: l.id }) as P,
): Promise<{ data: Link[]; next: P | null }> {
  const found: Link[] = [];
  let position = after;
  for (let scanned = 0; scanned < STATUS_SCAN_MAX; ) {
    const batch = await read(position, BATCH);
    for (const link of batch) {
      position = positionOf(link);
      if (link.status !== status) continue;
      found.push(link);
      if (found.length > limit) return { data: found.slice(0, limit), next: positionOf(found[limit - 1]!) };
    }
    if (batch.length < BATCH) return { data: found, next: null };
    scanned += batch.length;
  }
  return { data: found, next: position ?? null };
}
