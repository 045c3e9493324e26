import { AUDIT_CSV_COLUMNS } from '../csv/audit-csv.js';
import { auditPageSchema, auditRestQuerySchema } from '../domain/audit-schemas.js';
import type { RestRoute } from './route.js';

export const AUDIT_PATH = '/v1/audit-log';

const CSV_EXAMPLE = `${AUDIT_CSV_COLUMNS.join(',')}\r\naud_0VbbQFuK000NfDApHTI5,2026-11-21T10:15:00.123Z,key,key_3kTMd9sQ0pX1bY7zA2cW,deploy bot,link.created,link,lnk_3kTMd9sQ0pX1bY7zA2cW,4f1c9e2a-1\r\n`;

/** The audit log (src/services/audit). `format=csv` streams every matching entry (the edge does it: http/rest/audit-csv.ts). */
export const AUDIT_ROUTES: readonly RestRoute[] = [
  {
    field: 'Query.auditLog',
    method: 'GET',
    path: '/audit-log',
    status: 200,
    tag: 'audit',
    summary: 'Read the audit log',
    query: auditRestQuerySchema,
    queryParams: Object.keys(auditRestQuerySchema.shape),
    response: auditPageSchema,
    csv: {
      parameter:
        'json (default) or csv: every matching entry (not one page) streamed as text/csv, newest first, with the columns id, at, actor_type, actor_id, actor_label, action, target_type, target_id, request_id.',
      // Never used: the edge streams format=csv itself (every entry, not one page).
      encode: () => {
        throw new Error('the audit CSV is streamed by http/rest/audit-csv.ts');
      },
      example: CSV_EXAMPLE,
    },
  },
];
