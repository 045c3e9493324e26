/** The failed rows of an import, as the page lists them and as the CSV it downloads. */

import { csvCell } from '../../../../src/csv/csv-cell.js';

export interface Failure {
  line: number;
  code: string;
  problem: string;
}

/** The code of a row refused before sending (the file's own problem, not the service's). */
export const INVALID_ROW = 'invalid_row';

/** The failed rows as CSV (line, code, message), for the download. */
export function failuresCsv(failed: readonly Failure[]): string {
  const lines = ['line,code,message', ...failed.map((f) => [String(f.line), f.code, f.problem].map(csvCell).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
