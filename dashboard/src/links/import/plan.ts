/**
 * What an import will send, worked out before anything is sent: each row of the chosen file as a
 * createLink body or the reason it cannot be one, and the preview of the first rows as they will be
 * created. Pure code (unit-tested in test/unit/dashboard-import-plan.test.ts).
 */

import { plainImportKey } from '../../../../src/import/fields.js';
import { SOURCES } from '../../../../src/import/sources.js';
import { type ColumnMapping, mappedDraft } from './column-mapping.js';
import type { KeySeed } from './import-key.js';
import type { ImportRow } from './link-csv.js';
import type { ChoiceId, CsvFile, FileRecord } from './source-files.js';

/** A file as read for its source: lsk's CSV already as rows, another service's records, or a CSV to map. */
export type LoadedFile =
  | { source: 'lsk'; name: string; rows: ImportRow[] }
  | { source: Exclude<ChoiceId, 'lsk' | 'other'>; name: string; records: FileRecord[] }
  | { source: 'other'; name: string; csv: CsvFile };

/** A row's problem the browser can see without asking the service: a destination that is not an http(s) URL. */
export function rowProblem(body: Record<string, unknown>): string | null {
  const d = body.destination;
  if (typeof d !== 'string') return 'no destination URL';
  try {
    const u = new URL(d);
    return u.protocol === 'http:' || u.protocol === 'https:' ? null : `destination: "${d}" is not an http(s) URL`;
  } catch {
    return `destination: "${d}" is not a URL`;
  }
}

const checked = (line: number, body: Record<string, unknown>): ImportRow => {
  const problem = rowProblem(body);
  return problem ? { line, problem } : { line, body };
};

/** A row to send; `keySeed`: its import key is hashed from that when it is sent (import-key.ts). */
export type PlannedRow = ImportRow | { line: number; body: Record<string, unknown>; keySeed: KeySeed };

/** Every row of the file as it will be sent (`mapping` is used by "Other CSV" only). */
export function planRows(file: LoadedFile, mapping: ColumnMapping | null): PlannedRow[] {
  if (file.source === 'lsk') return file.rows.map((r) => ('problem' in r ? r : checked(r.line, r.body)));
  if (file.source === 'other') {
    if (!mapping) return [];
    return file.csv.records.map(({ line, cells }) => {
      const d = mappedDraft(mapping, cells);
      return 'problem' in d ? { line, problem: d.problem } : checked(line, d.body);
    });
  }
  const source = SOURCES[file.source];
  return file.records.map(({ line, fields }) => {
    const d = source.draft(fields);
    if ('problem' in d) return { line, problem: d.problem };
    // The key `lsk import` gives the row (external_id), so a second run of either finds the first:
    // its own, the readable one, else one hashed when the row is sent.
    const key = typeof d.body.external_id === 'string' ? d.body.external_id : plainImportKey(source.name, d.origin);
    const row = checked(line, key ? { ...d.body, external_id: key } : d.body);
    if (key || 'problem' in row) return row;
    return { ...row, keySeed: { source: source.name, seed: d.origin ? `${source.name}:${d.origin}` : JSON.stringify(d.body) } };
  });
}

/** One row of the preview: what the link will be, or why the row will not be sent. */
export interface PreviewRow {
  line: number;
  destination: string;
  shortLink: string;
  title: string;
  tags: string;
  problem: string | null;
}

/** The short link a body asks for: `domain/alias`, the default domain and a random alias standing in for what is absent. */
export function shortLinkText(body: Record<string, unknown>): string {
  const domain = typeof body.domain === 'string' ? body.domain : 'default domain';
  const alias = typeof body.alias === 'string' ? body.alias : 'random alias';
  return typeof body.domain === 'string' || typeof body.alias === 'string' ? `${domain}/${alias}` : 'default domain, random alias';
}

/** The first `count` rows as the preview shows them. */
export function previewRows(rows: readonly PlannedRow[], count = 5): PreviewRow[] {
  return rows.slice(0, count).map((r) => {
    if ('problem' in r) return { line: r.line, destination: '', shortLink: '', title: '', tags: '', problem: r.problem };
    const b = r.body;
    return {
      line: r.line,
      destination: String(b.destination ?? ''),
      shortLink: shortLinkText(b),
      title: typeof b.title === 'string' ? b.title : '',
      tags: Array.isArray(b.tags) ? b.tags.join(', ') : '',
      problem: null,
    };
  });
}
