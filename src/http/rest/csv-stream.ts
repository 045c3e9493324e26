import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { Logger } from '../errors.js';

/** The headers of a CSV download: GET's and HEAD's alike. */
export const csvHeaders = (headers: Record<string, string>, filename: string) => ({
  ...headers,
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${filename}"`,
});

/**
 * Answer 200 with CSV pages pulled one at a time: each page is written before the next is read, and
 * a full socket buffer pauses the reading ('drain'), so a slow client costs no memory. `first` was
 * read before (a store failure before any byte is sent is still a clean error answer). `turn` waits
 * for the page's own loop turn (StreamTurns), so a long stream never holds the other requests.
 */
export async function sendCsvStream(
  res: ServerResponse,
  headers: Record<string, string>,
  filename: string,
  rows: AsyncGenerator<string>,
  first: IteratorResult<string>,
  log: Logger,
  turn: () => Promise<void>,
): Promise<void> {
  res.writeHead(200, csvHeaders(headers, filename));
  // A client gone mid-stream never drains: the wait ends at 'close' instead (one listener for the whole answer).
  const closed = new Promise<void>((resolve) => res.once('close', resolve));
  try {
    for (let r = first; !r.done; r = await rows.next()) {
      if (res.destroyed) return;
      if (!res.write(r.value)) await Promise.race([once(res, 'drain'), closed]);
      await turn(); // a loop turn of its own for every page (a fast reader drains at once)
    }
    res.end();
  } catch (e) {
    log.error({ err: e, file: filename }, 'CSV export failed mid-stream');
    res.destroy(); // the client sees a cut answer, never a partial file passed off as whole
  }
}
