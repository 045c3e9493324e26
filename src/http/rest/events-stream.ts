import type { IncomingMessage, ServerResponse } from 'node:http';
import { callerOf, credentialsRequired } from '../../auth/principal.js';
import { eventsCsvHeader, eventsCsvRows } from '../../csv/events-csv.js';
import { clickEventSchema } from '../../domain/analytics-outputs.js';
import { LskError } from '../../domain/errors.js';
import type { ClickEventItem } from '../../services/analytics/events-service.js';
import type { RestRoute } from '../../v1/route.js';
import type { Services } from '../../wiring/all-services.js';
import { clientError, type Logger } from '../errors.js';
import type { Guard } from '../guard/guard.js';
import { EXPORTS_AT_ONCE } from './csv-download.js';
import { restVariables } from './input.js';
import type { RestOperation } from './operations.js';
import { pumpPages, type StreamMeter } from './stream-pump.js';
import { StreamTurns } from './stream-turns.js';

/** Whether GET /v1/analytics/events asks for a stream rather than a page. */
export const streamFormat = (url: URL) => {
  const f = url.searchParams.get('format');
  return f === 'csv' || f === 'ndjson' ? f : null;
};

/** Every field of the click event schema in its order, none set: spread first, it orders an event's fields without dropping any. */
const FIELD_ORDER: Partial<Record<string, unknown>> = Object.fromEntries(Object.keys(clickEventSchema.shape).map((k) => [k, undefined]));

/** One event a line, its fields in the order the API documents them (the click event schema, the CSV columns). */
const ndjson = (events: ClickEventItem[]) => events.map((e) => `${JSON.stringify({ ...FIELD_ORDER, ...e })}\n`).join('');

/**
 * GET /v1/analytics/events?format=csv|ndjson: every matching event, streamed newest first. A stream
 * is not a GraphQL field's value, so this is authenticated, scoped (analytics:read) and charged here,
 * with the route's own query checks. Like the CSV downloads it takes turns with the event loop and
 * only EXPORTS_AT_ONCE run at once per instance (one more: 429); each page is written before the next
 * is read and a client that does not read stops the reading (pumpPages): a slow client costs no memory.
 */
export function createEventsStream(o: { guard: Guard; services: Services; log: Logger; meter: StreamMeter }) {
  const turns = new StreamTurns(EXPORTS_AT_ONCE);
  return async function run(route: RestRoute, op: RestOperation, req: IncomingMessage, res: ServerResponse, url: URL, requestId: string): Promise<void> {
    const format = streamFormat(url)!;
    const principal = await o.guard.authenticate(req);
    if (!principal) throw credentialsRequired();
    const headers = await o.guard.charge(principal, 1);
    const head = req.method === 'HEAD';
    let pages: AsyncGenerator<ClickEventItem[]> | undefined;
    let first: IteratorResult<ClickEventItem[]> | undefined;
    let leave = () => {};
    try {
      if (!principal.scopes.has('analytics:read')) throw new LskError('insufficient_scope', 'This call needs the scope "analytics:read".');
      const { variables } = restVariables(route, op, {}, url, undefined, null);
      const caller = callerOf(principal, requestId);
      leave = turns.enter();
      // A HEAD is checked as GET is (its status) but reads no event: headers only.
      if (head) await o.services.clickEvents.check(caller, variables);
      else {
        await turns.turn();
        pages = await o.services.clickEvents.stream(caller, variables);
        o.meter.opened();
        first = await pages.next(); // a store failure before any byte is sent is still a clean error
        if (!first.done) o.meter.page();
      }
    } catch (e) {
      if (pages) {
        await pages.return(undefined).catch(() => undefined);
        o.meter.closed();
      }
      leave();
      const err = clientError(e, o.log);
      Object.assign(err.headers, headers);
      throw err;
    }
    const type = format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson';
    res.writeHead(200, { ...headers, 'content-type': type, 'content-disposition': `attachment; filename="click-events.${format}"` });
    if (!pages || !first) {
      leave();
      res.end();
      return;
    }
    try {
      if (format === 'csv') res.write(eventsCsvHeader()); // a line; the pages after it wait for 'drain'
      const encode = format === 'csv' ? eventsCsvRows : ndjson;
      if (await pumpPages(res, pages, first, { encode, turn: () => turns.turn(), meter: o.meter, clock: o.services.clock })) res.end();
    } catch (e) {
      o.log.error({ err: e }, 'click events stream failed mid-stream');
      res.destroy();
    } finally {
      leave();
    }
  };
}
