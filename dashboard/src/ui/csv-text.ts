import { csvCell } from '../../../src/csv/csv-cell.js';

/** Rows as CSV text: each cell made safe and quoted as the service's own CSV answers are, CRLF line ends. */
export function csvText(rows: readonly (readonly string[])[]): string {
  return rows.map((r) => `${r.map(csvCell).join(',')}\r\n`).join('');
}
