import type { IncomingMessage, ServerResponse } from 'node:http';
import { credentialsRequired, type Principal } from '../../auth/principal.js';
import type { Clock } from '../../domain/clock.js';
import { clientError, type Logger } from '../errors.js';
import type { Guard } from '../guard/guard.js';
import { csvHeaders, sendCsvStream } from './csv-stream.js';
import type { StreamMeter } from './stream-pump.js';
import { StreamTurns } from './stream-turns.js';

/** CSV downloads streaming at once per instance and route; one more is refused (429). */
export const EXPORTS_AT_ONCE = 4;

export interface CsvDownload<T> {
  filename: string;
  /** Scope and query checks (throwing the error to answer); what it returns is handed to `open`. */
  check(principal: Principal, url: URL): T;
  /** What `open` would refuse before its first row, checked alone for a HEAD (which opens nothing). */
  checkOpen?(principal: Principal, checked: T, requestId: string): Promise<void>;
  /** The rows, started once the download has its place and turn (an event it emits is then real). */
  open(principal: Principal, checked: T, requestId: string): AsyncGenerator<string> | Promise<AsyncGenerator<string>>;
}

/**
 * A streamed CSV answer (the links export, the audit log's CSV): no GraphQL field (a stream is not a
 * field's value), so it is authenticated, charged and checked here as the route table's operations
 * are. It takes turns with the event loop (a page per loop iteration, docs/adr/0062), and only
 * EXPORTS_AT_ONCE run at once. An error before the first row is a clean error answer. A HEAD gets
 * GET's status and headers from the same checks, and no query runs (nor is an export recorded).
 */
export function csvDownload<T>(o: { guard: Guard; log: Logger; meter: StreamMeter; clock: Clock }, d: CsvDownload<T>) {
  const turns = new StreamTurns(EXPORTS_AT_ONCE);
  return async function run(req: IncomingMessage, res: ServerResponse, url: URL, requestId: string): Promise<void> {
    const principal = await o.guard.authenticate(req);
    if (!principal) throw credentialsRequired();
    const headers = await o.guard.charge(principal, 1);
    let rows: AsyncGenerator<string> | undefined;
    let first: IteratorResult<string>;
    let leave = () => {};
    try {
      const checked = d.check(principal, url);
      leave = turns.enter();
      if (req.method === 'HEAD') {
        await d.checkOpen?.(principal, checked, requestId);
        leave();
        res.writeHead(200, csvHeaders(headers, d.filename));
        res.end();
        return;
      }
      await turns.turn();
      rows = await d.open(principal, checked, requestId);
      o.meter.opened();
      first = await rows.next(); // a store failure before any byte is sent is still a clean 503
      if (!first.done) o.meter.page();
    } catch (e) {
      if (rows) {
        await rows.return(undefined).catch(() => undefined);
        o.meter.closed();
      }
      leave();
      const err = clientError(e, o.log);
      Object.assign(err.headers, headers);
      throw err;
    }
    try {
      await sendCsvStream(res, headers, d.filename, rows, first, { log: o.log, turn: () => turns.turn(), meter: o.meter, clock: o.clock });
    } finally {
      leave();
    }
  };
}
