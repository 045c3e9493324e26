/**
 * The links CSV (docs/csv.md) read in the browser: RFC 4180 records, the export's columns, each row
 * a createLink body or the reason it cannot be one. It reads files exactly as `lsk links import`
 * does (src/csv/link-import.ts, with the same columns and row rules from src/csv/link-columns.ts;
 * test/unit/dashboard-csv.test.ts holds the two side by side).
 */

import { headerProblem, type ImportRow, rowBody } from '../../../../src/csv/link-columns.js';

export type { ImportRow } from '../../../../src/csv/link-columns.js';

/** A file that cannot be imported at all (no row is sent). */
export class CsvFileError extends Error {}

/** RFC 4180 records with the line each ends on; a leading BOM is dropped, blank lines skipped; \n, \r\n or \r end a line. */
export function parseCsv(text: string): { cells: string[]; line: number }[] {
  const s = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const out: { cells: string[]; line: number }[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let quoted = false;
  let started = false; // the record has content (a blank line has none)
  const endRecord = () => {
    if (started) out.push({ cells: [...cells, cell], line });
    cells = [];
    cell = '';
    started = false;
  };
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n' || (c === '\r' && s[i + 1] !== '\n')) line++;
        cell += c;
      }
    } else if (c === '"' && cell === '') {
      quoted = true;
      started = true;
    } else if (c === ',') {
      cells.push(cell);
      cell = '';
      started = true;
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      endRecord();
      line++;
    } else {
      cell += c;
      started = true;
    }
  }
  if (quoted) throw new CsvFileError(`line ${line}: a quoted cell is never closed`);
  endRecord();
  return out;
}

/** The rows of a links CSV; a header with unknown columns or without destination refuses the file. */
export function readLinkCsv(text: string): ImportRow[] {
  const [head, ...records] = parseCsv(text);
  if (!head) throw new CsvFileError('the file is empty');
  const header = head.cells;
  const problem = headerProblem(header);
  if (problem) throw new CsvFileError(problem);
  return records.map(({ cells, line }) => {
    if (cells.length !== header.length) return { line, problem: `the row has ${cells.length} cells; the header has ${header.length}` };
    return { line, ...rowBody(Object.fromEntries(header.map((h, i) => [h, cells[i]!]))) };
  });
}
