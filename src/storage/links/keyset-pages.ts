import type { LinkFilter, LinkPosition, LinkQuery, LinkRow } from './repository.js';

/**
 * A workspace's links matching `filter`, newest first, in pages of `size` read by keyset paging
 * (`after` the last link of the page before): each page is one indexed read, and a link inserted
 * meanwhile is never read twice.
 */
export async function* keysetPages(
  list: (workspaceId: string, query: LinkQuery) => Promise<LinkRow[]>,
  workspaceId: string,
  filter: LinkFilter,
  size: number,
): AsyncGenerator<LinkRow[]> {
  let position: LinkPosition | undefined;
  for (;;) {
    const rows = await list(workspaceId, { ...filter, limit: size, ...(position ? { after: position } : {}) });
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    const last = rows[rows.length - 1]!;
    position = { createdAt: last.createdAt, id: last.id };
  }
}
