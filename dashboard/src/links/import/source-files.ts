/**
 * The files the dashboard's import reads: lsk's own links CSV, the exports of other link services
 * (read with the same `draft` functions as `lsk import`, src/import/sources.ts) and any other CSV
 * whose columns are mapped by hand (column-mapping.ts).
 */

import { headerKey } from '../../../../src/import/fields.js';
import { SOURCES, type SourceName } from '../../../../src/import/sources.js';
import { CsvFileError, parseCsv } from './link-csv.js';

export type ChoiceId = 'lsk' | Exclude<SourceName, 'csv'> | 'other';

export interface SourceChoice {
  id: ChoiceId;
  label: string;
  /** What the file input accepts and says. */
  kind: 'csv' | 'json';
  hint: string;
}

export const SOURCE_CHOICES: readonly SourceChoice[] = [
  {
    id: 'lsk',
    label: 'lsk CSV',
    kind: 'csv',
    hint: 'The columns of the export: destination required; domain, alias, title, tags (joined with |) and the others optional. Export a file to see them all.',
  },
  { id: 'bitly', label: 'Bitly', kind: 'csv', hint: "Bitly's CSV export of links (long_url, link, title, tags)." },
  { id: 'dub', label: 'Dub', kind: 'csv', hint: "Dub's CSV export of links (short link or domain and key, destination URL, title, tags)." },
  { id: 'shlink', label: 'Shlink', kind: 'csv', hint: "Shlink's CSV export of short URLs (shortUrl, longUrl, domain, shortCode, title, tags)." },
  { id: 'yourls', label: 'YOURLS', kind: 'csv', hint: 'A YOURLS CSV export (keyword, url, title).' },
  { id: 'kutt', label: 'Kutt', kind: 'json', hint: "Kutt's JSON list of links (target, address, link, description, expire_in)." },
  { id: 'rebrandly', label: 'Rebrandly', kind: 'json', hint: "Rebrandly's JSON list of links (destination, shortUrl, slashtag, title, tags)." },
  { id: 'other', label: 'Other CSV', kind: 'csv', hint: 'Any CSV with a header row: you choose which column holds each field.' },
];

export const choiceOf = (id: string | null | undefined): SourceChoice => SOURCE_CHOICES.find((c) => c.id === id) ?? SOURCE_CHOICES[0]!;

/** One record of a file: the line it ends on (a JSON array's index + 1) and its fields by header key. */
export interface FileRecord {
  line: number;
  fields: Record<string, unknown>;
}

/** A CSV's header (as written, and as keys) and its records (with their cells, in the header's order). */
export interface CsvFile {
  header: string[];
  keys: string[];
  records: (FileRecord & { cells: string[] })[];
}

/** A CSV with a header row; the header's names become keys as `lsk import` reads them ("Long URL" → long_url). */
export function readCsvFile(text: string): CsvFile {
  const [head, ...rows] = parseCsv(text);
  if (!head) throw new CsvFileError('the file is empty');
  const header = head.cells.map((h) => h.trim());
  const keys = header.map(headerKey);
  const records = rows.map(({ cells, line }) => ({ line, cells, fields: Object.fromEntries(keys.map((k, i) => [k, cells[i] ?? ''])) }));
  return { header, keys, records };
}

/** A JSON export: an array of objects, or an object holding the array under `key` (an API page). */
export function readJsonFile(text: string, key: string): FileRecord[] {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new CsvFileError(`the file is not JSON (${(e as Error).message})`);
  }
  const list = Array.isArray(data) ? data : data && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined;
  if (!Array.isArray(list)) throw new CsvFileError(`the JSON is neither an array of links nor an object with a "${key}" array`);
  return list.map((item, i) => ({ line: i + 1, fields: item && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : {} }));
}

/** The records of another service's export, read as that service writes it. */
export function readSourceFile(name: Exclude<SourceName, 'csv'>, text: string): FileRecord[] {
  const file = SOURCES[name].file;
  return file.kind === 'json' ? readJsonFile(text, file.key) : readCsvFile(text).records;
}
