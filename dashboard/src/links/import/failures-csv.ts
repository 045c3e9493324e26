/** The failed rows of an import, as the page lists them and as the CSV it downloads. */

import { csvText } from '../../ui/csv-text.js';

export interface Failure {
  line: number;
  code: string;
  problem: string;
}

/** The code of a row refused before sending (the file's own problem, not the service's). */
export const INVALID_ROW = 'invalid_row';

/** The failed rows as CSV (line, code, message), for the download. */
export function failuresCsv(failed: readonly Failure[]): string {
  return csvText([['line', 'code', 'message'], ...failed.map((f) => [String(f.line), f.code, f.problem])]);
}
