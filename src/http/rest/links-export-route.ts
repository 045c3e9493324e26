import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { credentialsRequired } from '../../auth/principal.js';
import { LskError } from '../../domain/errors.js';
import type { Services } from '../../services/all-services.js';
import { clientError, type Logger } from '../errors.js';
import type { Guard } from '../guard/guard.js';
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
  return async function run(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const principal = await o.guard.authenticate(req);
    if (!principal) throw credentialsRequired();
    const headers = await o.guard.charge(principal, 1);
    const rows = o.services.links.exportCsv(principal.workspace.id);
    let first: IteratorResult<string>;
    let leave = () => {};
    try {
      if (!principal.scopes.has('links:read')) throw new LskError('insufficient_scope', 'This call needs the scope "links:read".');
      const unknown = [...url.searchParams.keys()];
      if (unknown.length > 0) throw LskError.validation(unknown.map((n) => ({ path: n, message: 'is not a known query parameter' })));
      leave = turns.enter();
      await turns.turn();
      first = await rows.next(); // a store failure before any byte is sent is still a clean 503
    } catch (e) {
      leave();
      const err = clientError(e, o.log);
      Object.assign(err.headers, headers);
      throw err;
    }
    res.writeHead(200, { ...headers, 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="links.csv"' });
    // A client gone mid-stream never drains: the wait ends at 'close' instead (one listener for the whole export).
    const closed = new Promise<void>((resolve) => res.once('close', resolve));
    try {
      for (let r = first; !r.done; r = await rows.next()) {
        if (res.destroyed) return;
        // Back-pressure from the socket, and a loop turn of its own for every page (a fast reader drains at once).
        if (!res.write(r.value)) await Promise.race([once(res, 'drain'), closed]);
        await turns.turn();
      }
      res.end();
    } catch (e) {
      o.log.error({ err: e }, 'links export failed mid-stream');
      res.destroy(); // the client sees a cut answer, never a partial file passed off as whole
    } finally {
      leave();
    }
  };
}
