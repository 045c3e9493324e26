import { clickEventSchema } from '../domain/analytics-outputs.js';
import { csvCell } from './link-csv.js';

/** The columns of a click-events CSV: the click event's fields in the order of the JSON answer (its schema's). */
export const EVENT_COLUMNS = Object.keys(clickEventSchema.shape);

export const eventsCsvHeader = () => `${EVENT_COLUMNS.join(',')}\r\n`;

/** Events as CSV rows (RFC 4180, CRLF; cells injection-safe like the links export's; an unknown value is empty). */
export function eventsCsvRows(events: readonly Record<string, unknown>[]): string {
  let out = '';
  for (const e of events) {
    out += `${EVENT_COLUMNS.map((c) => {
      const v = e[c];
      return v === null || v === undefined ? '' : csvCell(v instanceof Date ? v.toISOString() : String(v));
    }).join(',')}\r\n`;
  }
  return out;
}
