import type { IncomingMessage, ServerResponse } from 'node:http';
import { callerOf, credentialsRequired, scopeRefusal } from '../../auth/principal.js';
import type { Services } from '../../services/all-services.js';
import type { RestRoute } from '../../v1/route.js';
import { clientError, type Logger } from '../errors.js';
import type { Guard } from '../guard/guard.js';
import { sendCsvStream } from './csv-stream.js';
import { restVariables } from './input.js';
import { EXPORTS_AT_ONCE } from './links-export-route.js';
import type { RestOperation } from './operations.js';
import { StreamTurns } from './stream-turns.js';

/**
 * GET /v1/audit-log?format=csv: every matching entry (not one page), streamed like the links export.
 * The query string is checked as for the JSON answer (the same route and schema); authenticated,
 * scoped (audit:read) and charged here, as the route table's operations are; it takes turns with the
 * event loop like the links export (a page per loop iteration, a few at once per instance).
 */
export function createAuditCsvRoute(o: { guard: Guard; services: Services; log: Logger }, route: RestRoute, op: RestOperation) {
  const turns = new StreamTurns(EXPORTS_AT_ONCE);
  return async function run(req: IncomingMessage, res: ServerResponse, url: URL, requestId: string): Promise<void> {
    const principal = await o.guard.authenticate(req);
    if (!principal) throw credentialsRequired();
    const headers = await o.guard.charge(principal, 1);
    let rows: AsyncGenerator<string>;
    let first: IteratorResult<string>;
    let leave = () => {};
    try {
      if (!principal.scopes.has('audit:read')) throw scopeRefusal(principal, 'audit:read');
      const { format: _csv, ...query } = restVariables(route, op, {}, url, undefined, null);
      leave = turns.enter();
      await turns.turn();
      rows = await o.services.audit.csv(callerOf(principal, requestId), query);
      first = await rows.next();
    } catch (e) {
      leave();
      const err = clientError(e, o.log);
      Object.assign(err.headers, headers);
      throw err;
    }
    try {
      await sendCsvStream(res, headers, 'audit-log.csv', rows, first, o.log, () => turns.turn());
    } finally {
      leave();
    }
  };
}
