import { csvHeader, linkCsvRow } from '../csv/link-csv.js';
import type { ClicksRepository } from '../storage/clicks/repository.js';
import type { LinkPosition, LinksRepository } from '../storage/links/repository.js';

/** Links read per store round trip while exporting. */
export const EXPORT_PAGE = 500;

/**
 * Every link of the workspace as CSV text, one page at a time (keyset paging on the newest-first
 * index, click totals per page): the caller pulls the next page only when it has written this one,
 * so memory stays flat however many links there are (docs/adr/0062).
 */
export async function* exportLinksCsv(links: LinksRepository, clicks: ClicksRepository, workspaceId: string): AsyncGenerator<string> {
  yield csvHeader();
  let after: LinkPosition | undefined;
  for (;;) {
    const rows = await links.list(workspaceId, { limit: EXPORT_PAGE, ...(after ? { after } : {}) });
    if (rows.length === 0) return;
    const totals = await clicks.totals(rows.map((r) => r.id));
    let chunk = '';
    for (const r of rows) chunk += linkCsvRow({ ...r, clicks: totals.get(r.id)?.clicks ?? 0 });
    yield chunk;
    if (rows.length < EXPORT_PAGE) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}
