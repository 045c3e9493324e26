import { BULK_MAX } from '../domain/bulk-schemas.js';
import type { Caller } from '../domain/caller.js';
import { shortUrl } from '../domain/field-rules.js';
import type { CoreServices } from '../wiring/core-wiring.js';
import { type CheckedRow, checkedRows } from './check.js';
import type { Source } from './sources.js';

/** What happened to one row. */
export type RowOutcome =
  | { line: number; status: 'created'; id: string; short_url: string }
  | { line: number; status: 'already_imported'; id: string; short_url: string }
  | { line: number; status: 'invalid' | 'failed'; code: string; message: string };

export interface ImportSummary {
  rows: number;
  created: number;
  already_imported: number;
  invalid: number;
  failed: number;
  /** Domains the file's links are on that the workspace does not have (their rows are invalid). */
  missing_domains: string[];
  /** Whether anything was written (false for a dry run, and for a file refused whole). */
  written: boolean;
}

export interface ImportOptions {
  source: Source;
  path: string;
  /** Who imports (the CLI operator): the links are created as theirs, each one in the audit log. */
  caller: Caller;
  dryRun: boolean;
  /** Import the valid rows even when others are invalid (they are reported, not written). */
  skipInvalid: boolean;
  onRow(outcome: RowOutcome): void;
  onProgress(done: number, total: number): void;
}

const invalid = (line: number, message: string): RowOutcome => ({ line, status: 'invalid', code: 'validation_failed', message });

/**
 * Import an export file in two streamed passes, so a file is never half-imported by surprise:
 * 1. check every row (the link rules, the workspace's domains) and write nothing; a file with an
 *    invalid row is refused whole unless `skipInvalid` (a dry run stops here);
 * 2. write the valid rows through the bulk service, 100 per call (each row is one link or nothing;
 *    webhooks hear of each), reporting each row. A row whose import key (its external_id) is
 *    already in the workspace is "already imported", so running the same file again writes nothing
 *    twice, and an interrupted run is finished by running it again.
 * Memory stays bounded: rows stream through; only the domains and the counts are kept.
 */
export async function importFile(services: Pick<CoreServices, 'links' | 'bulkLinks'>, o: ImportOptions): Promise<ImportSummary> {
  const summary: ImportSummary = { rows: 0, created: 0, already_imported: 0, invalid: 0, failed: 0, missing_domains: [], written: false };
  const domains = new Set<string>();
  let valid = 0;
  for await (const row of checkedRows(o.source, o.path)) {
    summary.rows++;
    if ('problem' in row) {
      summary.invalid++;
      o.onRow(invalid(row.line, row.problem));
    } else {
      valid++;
      if (row.domain) domains.add(row.domain);
    }
  }
  const missing = new Set<string>();
  for (const d of domains) {
    await services.links.assertDomainUsable(o.caller.workspaceId, d).catch(() => missing.add(d));
  }
  summary.missing_domains = [...missing].sort();
  const onMissing = (row: CheckedRow) => 'body' in row && row.domain !== null && missing.has(row.domain);
  if (missing.size > 0) {
    // A second read names the rows on those domains (the first kept no rows).
    for await (const row of checkedRows(o.source, o.path)) {
      if (!onMissing(row) || !('body' in row)) continue;
      valid--;
      summary.invalid++;
      o.onRow(invalid(row.line, `domain: ${row.domain} is not a domain of this workspace; add it first`));
    }
  }
  if (o.dryRun || (summary.invalid > 0 && !o.skipInvalid)) return summary;

  summary.written = true;
  let chunk: { line: number; body: Record<string, unknown> }[] = [];
  const flush = async () => {
    if (chunk.length === 0) return;
    const results = await services.bulkLinks.create(o.caller, { links: chunk.map((c) => c.body) });
    for (const [i, r] of results.entries()) {
      const { line, body } = chunk[i]!;
      if ('link' in r) {
        summary.created++;
        o.onRow({ line, status: 'created', id: r.link.id, short_url: shortUrl(r.link.domain, r.link.alias) });
        continue;
      }
      const earlier = r.error.code.endsWith('_taken') ? await services.links.get(o.caller, `ext_${String(body.external_id)}`).catch(() => null) : null;
      if (earlier) {
        summary.already_imported++;
        o.onRow({ line, status: 'already_imported', id: earlier.id, short_url: shortUrl(earlier.domain, earlier.alias) });
      } else {
        summary.failed++;
        o.onRow({ line, status: 'failed', code: r.error.code, message: r.error.message });
      }
    }
    chunk = [];
    o.onProgress(summary.created + summary.already_imported + summary.failed, valid);
  };
  for await (const row of checkedRows(o.source, o.path)) {
    if (!('body' in row) || onMissing(row)) continue;
    chunk.push(row);
    if (chunk.length === BULK_MAX) await flush();
  }
  await flush();
  return summary;
}
