import type { AuditEntry } from '../domain/audit.js';
import { csvCell } from './link-csv.js';

/** The columns of GET /v1/audit-log?format=csv, in order (the JSON entry flattened). */
export const AUDIT_CSV_COLUMNS = ['id', 'at', 'actor_type', 'actor_id', 'actor_label', 'action', 'target_type', 'target_id', 'request_id'] as const;

export const auditCsvHeader = (): string => `${AUDIT_CSV_COLUMNS.join(',')}\r\n`;

/** One entry as a CSV line (RFC 4180, CRLF); cells are injection-safe like the links export's. */
export function auditCsvRow(e: AuditEntry): string {
  const cells = [e.id, e.at.toISOString(), e.actor.type, e.actor.id, e.actor.label, e.action, e.target.type, e.target.id, e.requestId ?? ''];
  return `${cells.map(csvCell).join(',')}\r\n`;
}
