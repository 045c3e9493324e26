import { csvCell } from './link-csv.js';

/** The columns of a click-events CSV, in the order of the JSON answer. */
export const EVENT_COLUMNS = [
  'timestamp',
  'link_id',
  'short_url',
  'country',
  'continent',
  'region',
  'city',
  'device',
  'browser',
  'os',
  'referrer',
  'referrer_url',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'trigger',
  'language',
  'variant',
] as const;

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
