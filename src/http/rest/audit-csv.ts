import { callerOf, scopeRefusal } from '../../auth/principal.js';
import type { RestRoute } from '../../v1/route.js';
import type { Services } from '../../wiring/all-services.js';
import type { Logger } from '../errors.js';
import type { Guard } from '../guard/guard.js';
import { csvDownload } from './csv-download.js';
import { restVariables } from './input.js';
import type { RestOperation } from './operations.js';
import type { StreamMeter } from './stream-pump.js';

/**
 * GET /v1/audit-log?format=csv: every matching entry (not one page), streamed like the links export.
 * The query string is checked as for the JSON answer (the same route and schema); scoped (audit:read).
 */
export function createAuditCsvRoute(o: { guard: Guard; services: Services; log: Logger; meter: StreamMeter }, route: RestRoute, op: RestOperation) {
  return csvDownload(
    { ...o, clock: o.services.clock },
    {
      filename: 'audit-log.csv',
      check(principal, url) {
        if (!principal.scopes.has('audit:read')) throw scopeRefusal(principal, 'audit:read');
        const { format: _csv, ...query } = restVariables(route, op, {}, url, undefined, null).variables;
        return query;
      },
      checkOpen: async (principal, query, requestId) => void o.services.audit.csvQuery(callerOf(principal, requestId), query),
      open: (principal, query, requestId) => o.services.audit.csv(callerOf(principal, requestId), query),
    },
  );
}
