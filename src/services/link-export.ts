import { csvHeader, linkCsvRow } from '../csv/link-csv.js';
import type { Clock } from '../domain/clock.js';
import { linkStatus } from '../domain/model.js';
import type { ClicksRepository } from '../storage/clicks/repository.js';
import type { LinkFilter, LinksRepository } from '../storage/links/repository.js';

/** Links read per store round trip while exporting. */
export const EXPORT_PAGE = 250;

/**
 * Every link of the workspace (within `filter`: a restricted key's links) as CSV text, one page at
 * a time (the store's pages newest first, click totals per page): the caller pulls the next page
 * only when it has written this one, so memory stays flat however many links there are
 * (docs/adr/0062).
 */
export async function* exportLinksCsv(
  links: LinksRepository,
  clicks: ClicksRepository,
  workspaceId: string,
  clock: Clock,
  filter: LinkFilter = {},
): AsyncGenerator<string> {
  yield csvHeader();
  for await (const rows of links.pages(workspaceId, filter, EXPORT_PAGE)) {
    const totals = await clicks.totals(
      workspaceId,
      rows.map((r) => r.id),
    );
    let chunk = '';
    const now = clock.now().getTime();
    for (const r of rows) {
      const clicks = totals.get(r.id)?.clicks ?? 0;
      chunk += linkCsvRow({ ...r, clicks, status: linkStatus(r, clicks, now) });
    }
    yield chunk;
  }
}
