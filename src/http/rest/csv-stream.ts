import type { ServerResponse } from 'node:http';
import type { Clock } from '../../domain/clock.js';
import type { Logger } from '../errors.js';
import { pumpPages, type StreamMeter } from './stream-pump.js';

/** The headers of a CSV download: GET's and HEAD's alike. */
export const csvHeaders = (headers: Record<string, string>, filename: string) => ({
  ...headers,
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${filename}"`,
});

/**
 * Answer 200 with CSV pages pulled one at a time (pumpPages: each page is written before the next is
 * read, a full socket buffer pauses the reading, a client gone stops it and closes the rows). `first`
 * was read before (a store failure before any byte is sent is still a clean error answer). `turn`
 * waits for the page's own loop turn (StreamTurns), so a long stream never holds the other requests.
 */
export async function sendCsvStream(
  res: ServerResponse,
  headers: Record<string, string>,
  filename: string,
  rows: AsyncGenerator<string>,
  first: IteratorResult<string>,
  o: { log: Logger; turn: () => Promise<void>; meter: StreamMeter; clock: Clock },
): Promise<void> {
  res.writeHead(200, csvHeaders(headers, filename));
  try {
    if (await pumpPages(res, rows, first, { encode: (page) => page, turn: o.turn, meter: o.meter, clock: o.clock })) res.end();
  } catch (e) {
    o.log.error({ err: e, file: filename }, 'CSV export failed mid-stream');
    res.destroy(); // the client sees a cut answer, never a partial file passed off as whole
  }
}
