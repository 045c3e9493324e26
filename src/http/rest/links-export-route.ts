import { callerOf } from '../../auth/principal.js';
import { LskError } from '../../domain/errors.js';
import type { Services } from '../../wiring/all-services.js';
import type { Logger } from '../errors.js';
import type { Guard } from '../guard/guard.js';
import { csvDownload } from './csv-download.js';
import type { StreamMeter } from './stream-pump.js';

export const EXPORT_PATH = '/v1/links/export';

/**
 * GET /v1/links/export: the workspace's links (a restricted key's only) as CSV, streamed. Each page
 * is written before the next is read, and a full socket buffer pauses the reading ('drain'), so a
 * slow client costs no memory.
 */
export function createExportRoute(o: { guard: Guard; services: Services; log: Logger; meter: StreamMeter }) {
  return csvDownload(
    { ...o, clock: o.services.clock },
    {
      filename: 'links.csv',
      check(principal, url) {
        if (!principal.scopes.has('links:read')) throw new LskError('insufficient_scope', 'This call needs the scope "links:read".');
        const unknown = [...url.searchParams.keys()];
        if (unknown.length > 0) throw LskError.validation(unknown.map((n) => ({ path: n, message: 'is not a known query parameter' })));
      },
      open: (principal, _checked, requestId) => o.services.links.exportCsv(callerOf(principal, requestId)),
    },
  );
}
