import { createHash } from 'node:crypto';
import { createLinkSchema } from '../domain/link-schemas.js';
import { issuesToDetails } from '../domain/validate.js';
import { plainImportKey } from './fields.js';
import { readRecords } from './records.js';
import type { Source } from './sources.js';

/** A record made ready to write: its createLink body, its import key set as external_id. */
export type CheckedRow = { line: number; body: Record<string, unknown>; domain: string | null } | { line: number; problem: string };

/**
 * The import key of a row, kept as the link's external_id so a second run finds what the first one
 * wrote: the row's own external_id (lsk's CSV), else the tool and the short link it had there
 * (`bitly:bit.ly/abc`), else (no alias) a hash of the row. Too long for an external_id: hashed.
 */
export function importKey(source: Source, origin: string | undefined, body: Record<string, unknown>): string {
  if (typeof body.external_id === 'string') return body.external_id;
  const plain = plainImportKey(source.name, origin);
  if (plain) return plain;
  return `${source.name}:${createHash('sha256')
    .update(origin ? `${source.name}:${origin}` : JSON.stringify(body))
    .digest('hex')
    .slice(0, 40)}`;
}

/** The row's domain as the link rules read it (null: the default domain), or why the rules refuse the row (`field: reason; …`). */
function applyRules(body: Record<string, unknown>): { domain: string | null } | { problem: string } {
  const r = createLinkSchema.safeParse(body);
  if (r.success) return { domain: r.data.domain ?? null };
  const problem = issuesToDetails(r.error.issues)
    .map((d) => (d.path ? `${d.path}: ${d.message}` : d.message))
    .join('; ');
  return { problem };
}

/**
 * The rows of an export file, read as a stream and checked one by one with the same zod schema the
 * API applies (the service checks again when writing): each its createLink body, or why it cannot
 * be imported. The header (CSV) is checked with the first row; a bad header stops the read.
 */
export async function* checkedRows(source: Source, path: string): AsyncGenerator<CheckedRow> {
  let first = true;
  for await (const { line, fields } of readRecords(path, source.file)) {
    if (first && source.header) {
      const problem = source.header(Object.keys(fields));
      if (problem) throw new Error(problem);
    }
    first = false;
    const draft = source.draft(fields);
    if ('problem' in draft) {
      yield { line, problem: draft.problem };
      continue;
    }
    const body = { ...draft.body, external_id: importKey(source, draft.origin, draft.body) };
    const ruled = applyRules(body);
    yield 'problem' in ruled ? { line, problem: ruled.problem } : { line, body, domain: ruled.domain };
  }
}
