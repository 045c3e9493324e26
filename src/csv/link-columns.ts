/**
 * The links CSV's columns (docs/csv.md) and how an import row becomes a createLink body: shared by
 * the export, `lsk links import` and the dashboard's import (which runs in the browser, so this file
 * imports nothing).
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
  'rules',
  'variants',
  'utm',
  'preview',
] as const;

/** The columns an import writes; the export's others (id, short_url, password_protected, status, clicks, times) are read-only and skipped. */
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
  'rules',
  'variants',
  'utm',
  'preview',
] as const;

const JSON_COLUMNS: Record<string, string> = {
  geo_targeting: 'geo_targeting is not a JSON object such as {"DE": "https://example.com/de"}',
  device_targeting: 'device_targeting is not a JSON object such as {"ios": "https://example.com/ios"}',
  rules: 'rules is not JSON such as [{"if": {"country": ["DE"]}, "to": "https://example.com/de"}]',
  variants: 'variants is not JSON such as [{"url": "https://example.com/a", "weight": 50}, {"url": "https://example.com/b", "weight": 50}]',
  utm: 'utm is not a JSON object such as {"source": "newsletter"}',
  preview: 'preview is not a JSON object such as {"title": "Spring sale"}',
};

/** One data row of a links CSV: its line number, and the createLink body it stands for or why it cannot. */
export type ImportRow = { line: number; body: Record<string, unknown> } | { line: number; problem: string };

/** Why a header cannot be imported (unknown columns, no destination), or null. */
export function headerProblem(header: readonly string[]): string | null {
  const unknown = header.filter((h) => !(CSV_COLUMNS as readonly string[]).includes(h));
  if (unknown.length > 0) return `unknown CSV column(s) ${unknown.map((u) => `"${u}"`).join(', ')}; the columns are ${CSV_COLUMNS.join(', ')}`;
  return header.includes('destination') ? null : 'the CSV has no "destination" column';
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
