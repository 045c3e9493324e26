/**
 * The links CSV (docs/csv.md) read in the browser: RFC 4180 records, the export's columns, each row
 * a createLink body or the reason it cannot be one. It reads files exactly as `lsk links import`
 * does (src/csv/link-import.ts; test/unit/dashboard-csv.test.ts holds the two side by side).
 */

/** Every column of the export, in its order. */
export const CSV_COLUMNS = [
  'id',
  'short_url',
  'domain',
  'alias',
  'destination',
  'title',
  'external_id',
  'geo_targeting',
  'device_targeting',
  'tags',
  'expires_at',
  'expired_url',
  'max_clicks',
  'password_protected',
  'status',
  'clicks',
  'created_at',
  'updated_at',
] as const;

/** The columns an import writes; the export's others are read-only and skipped. */
export const IMPORT_COLUMNS = [
  'destination',
  'domain',
  'alias',
  'title',
  'external_id',
  'geo_targeting',
  'device_targeting',
  'tags',
  'expires_at',
  'expired_url',
  'max_clicks',
] as const;

const JSON_COLUMNS: Record<string, string> = {
  geo_targeting: 'geo_targeting is not a JSON object such as {"DE": "https://example.com/de"}',
  device_targeting: 'device_targeting is not a JSON object such as {"ios": "https://example.com/ios"}',
};

/** One data row: the line it ends on, and the createLink body it stands for or why it cannot. */
export type ImportRow = { line: number; body: Record<string, unknown> } | { line: number; problem: string };

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

/** Undo the export's formula guard: the ' it put before = + - @ tab or CR. */
const unguard = (v: string) => (/^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v);

/** A row's cells as a createLink body; empty cells are absent fields. The service checks the values. */
export function rowBody(record: Record<string, string>): { body: Record<string, unknown> } | { problem: string } {
  const body: Record<string, unknown> = {};
  for (const column of IMPORT_COLUMNS) {
    const cell = record[column];
    if (cell === undefined || cell === '') continue;
    const value = unguard(cell);
    if (column === 'tags') body.tags = value.split('|');
    else if (column === 'max_clicks') body.max_clicks = /^\d+$/.test(value) ? Number(value) : value;
    else if (JSON_COLUMNS[column]) {
      try {
        body[column] = JSON.parse(value);
      } catch {
        return { problem: JSON_COLUMNS[column] };
      }
    } else body[column] = value;
  }
  return { body };
}

/** The rows of a links CSV; a header with unknown columns or without destination refuses the file. */
export function readLinkCsv(text: string): ImportRow[] {
  const [head, ...records] = parseCsv(text);
  if (!head) throw new CsvFileError('the file is empty');
  const header = head.cells;
  const unknown = header.filter((h) => !(CSV_COLUMNS as readonly string[]).includes(h));
  if (unknown.length > 0) throw new CsvFileError(`unknown CSV column(s) ${unknown.map((u) => `"${u}"`).join(', ')}; the columns are ${CSV_COLUMNS.join(', ')}`);
  if (!header.includes('destination')) throw new CsvFileError('the CSV has no "destination" column');
  return records.map(({ cells, line }) => {
    if (cells.length !== header.length) return { line, problem: `the row has ${cells.length} cells; the header has ${header.length}` };
    return { line, ...rowBody(Object.fromEntries(header.map((h, i) => [h, cells[i]!]))) };
  });
}
