import type { IncomingMessage, ServerResponse } from 'node:http';
import { callerOf, credentialsRequired } from '../../auth/principal.js';
import { LskError } from '../../domain/errors.js';
import type { Services } from '../../services/all-services.js';
import { clientError, type Logger } from '../errors.js';
import type { Guard } from '../guard/guard.js';
import { sendCsvStream } from './csv-stream.js';
import { StreamTurns } from './stream-turns.js';

export const EXPORT_PATH = '/v1/links/export';
/** Exports streaming at once per instance; one more is refused (429). */
export const EXPORTS_AT_ONCE = 4;

/**
 * GET /v1/links/export: the workspace's links as CSV, streamed. It answers no GraphQL field (a
 * stream is not a field's value), so it is authenticated, scoped (links:read) and charged here,
 * the way the route table's operations are. Each page is written before the next is read, and a
 * full socket buffer pauses the reading ('drain'), so a slow client costs no memory.
 */
export function createExportRoute(o: { guard: Guard; services: Services; log: Logger }) {
  const turns = new StreamTurns(EXPORTS_AT_ONCE);
  return async function run(req: IncomingMessage, res: ServerResponse, url: URL, requestId: string): Promise<void> {
    const principal = await o.guard.authenticate(req);
    if (!principal) throw credentialsRequired();
    const headers = await o.guard.charge(principal, 1);
    let rows: AsyncGenerator<string>;
    let first: IteratorResult<string>;
    let leave = () => {};
    try {
      if (!principal.scopes.has('links:read')) throw new LskError('insufficient_scope', 'This call needs the scope "links:read".');
      const unknown = [...url.searchParams.keys()];
      if (unknown.length > 0) throw LskError.validation(unknown.map((n) => ({ path: n, message: 'is not a known query parameter' })));
      leave = turns.enter();
      await turns.turn();
      rows = o.services.links.exportCsv(callerOf(principal, requestId));
      first = await rows.next(); // a store failure before any byte is sent is still a clean 503
    } catch (e) {
      leave();
      const err = clientError(e, o.log);
      Object.assign(err.headers, headers);
      throw err;
    }
    try {
      await sendCsvStream(res, headers, 'links.csv', rows, first, o.log, () => turns.turn());
    } finally {
      leave();
    }
  };
}
