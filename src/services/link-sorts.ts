import { LskError } from '../domain/errors.js';
import type { ClicksPosition } from '../domain/list-cursor.js';
import type { Link } from '../domain/model.js';
import type { ClicksRepository } from '../storage/clicks/repository.js';
import type { LinkFilter, LinkRow, LinksRepository } from '../storage/links/repository.js';

/**
 * What a link list needs besides the store's own orders: the `clicks` order and the `total`. Click
 * counts live in the clicks aggregate, so both read the matching links' ids and their totals: bounded
 * to CLICK_SORT_MAX matching links (a larger workspace narrows the list first: a tag, a domain, q).
 */
export const CLICK_SORT_MAX = 10_000;

export interface SortDeps {
  links: Pick<LinksRepository, 'ids' | 'byIds' | 'count'>;
  clicks: Pick<ClicksRepository, 'totals'>;
  withClicks: (rows: LinkRow[]) => Promise<Link[]>;
}

/** The matching links' ids with their all-time clicks, most first (then by id, descending); at most CLICK_SORT_MAX. */
async function byClicks(deps: SortDeps, workspaceId: string, filter: LinkFilter): Promise<{ id: string; clicks: number }[]> {
  const ids = await deps.links.ids(workspaceId, filter);
  if (ids.length > CLICK_SORT_MAX) {
    throw LskError.validation([
      { path: 'sort', message: `clicks sorts at most ${CLICK_SORT_MAX.toLocaleString('en')} links; narrow the list first (tag, domain, q)` },
    ]);
  }
  const totals = await deps.clicks.totals(workspaceId, ids);
  return ids.map((id) => ({ id, clicks: totals.get(id)?.clicks ?? 0 })).sort((a, b) => b.clicks - a.clicks || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

const before = (a: { clicks: number; id: string }, p: ClicksPosition) => a.clicks < p.clicks || (a.clicks === p.clicks && a.id < p.id);

/** One page in the clicks order, after `after`; `keep` filters on what the store cannot (a status that needs clicks). */
export async function clicksPage(
  deps: SortDeps,
  workspaceId: string,
  filter: LinkFilter,
  limit: number,
  after: ClicksPosition | undefined,
  keep: (l: Link) => boolean,
): Promise<{ data: Link[]; next: ClicksPosition | null }> {
  const order = await byClicks(deps, workspaceId, filter);
  const rest = after ? order.filter((x) => before(x, after)) : order;
  const data: Link[] = [];
  for (let i = 0; i < rest.length && data.length <= limit; i += 100) {
    const chunk = rest.slice(i, i + 100);
    const rows = new Map(
      (
        await deps.links.byIds(
          workspaceId,
          chunk.map((x) => x.id),
        )
      ).map((r) => [r.id, r]),
    );
    const links = await deps.withClicks(chunk.map((x) => rows.get(x.id)).filter((r): r is LinkRow => r !== undefined));
    data.push(...links.filter(keep));
  }
  const page = data.slice(0, limit);
  const last = page[page.length - 1];
  return { data: page, next: data.length > limit && last ? { clicks: last.clicks, id: last.id } : null };
}

/** How many links match; a status that needs clicks is counted from their totals (null past CLICK_SORT_MAX). */
export async function totalOf(deps: SortDeps, workspaceId: string, filter: LinkFilter, keep: ((l: Link) => boolean) | null): Promise<number | null> {
  if (keep === null) return deps.links.count(workspaceId, filter);
  const ids = await deps.links.ids(workspaceId, filter);
  if (ids.length > CLICK_SORT_MAX) return null;
  let n = 0;
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await deps.links.byIds(workspaceId, ids.slice(i, i + 500));
    n += (await deps.withClicks(rows)).filter(keep).length;
  }
  return n;
}
