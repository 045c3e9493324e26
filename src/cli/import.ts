import type { ImportSummary, RowOutcome } from '../import/run.js';
import { SOURCE_NAMES, SOURCES, type SourceName } from '../import/sources.js';
import { type Command, InvalidArgument, WORKSPACE, workspaceOption } from './command.js';

const WHAT: Record<SourceName, string> = {
  bitly: "a Bitly links export (CSV with Bitly's link fields: link, long_url, title, tags…)",
  dub: 'a Dub links export (CSV: Short link, Destination URL, Tags…)',
  shlink: 'a Shlink short URLs export (CSV: createdAt, domain, shortCode, shortUrl, longUrl, title, tags, visits)',
  yourls: "YOURLS's yourls_url table as CSV (keyword, url, title, timestamp, ip, clicks)",
  kutt: 'Kutt\'s links as its API lists them (JSON: {"data": [...]} or an array)',
  rebrandly: "Rebrandly's links as its API lists them (JSON array)",
  csv: "lsk's own links CSV (docs/csv.md)",
};

const rowLine = (r: RowOutcome) =>
  r.status === 'created'
    ? `line ${r.line}: created ${r.id} ${r.short_url}`
    : r.status === 'already_imported'
      ? `line ${r.line}: already imported as ${r.id} ${r.short_url}`
      : `line ${r.line}: ${r.status}: ${r.message}`;

/** A bar on a terminal (redrawn in place on stderr), plain lines elsewhere. */
function progress(): (done: number, total: number) => void {
  const tty = process.stderr.isTTY === true;
  return (done, total) => {
    const share = total === 0 ? 1 : done / total;
    if (!tty) {
      process.stderr.write(`lsk: ${done}/${total} rows written\n`);
      return;
    }
    const width = 30;
    const filled = Math.round(share * width);
    process.stderr.write(`\r[${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${Math.floor(share * 100)}% ${done}/${total}${done === total ? '\n' : ''}`);
  };
}

function verdict(s: ImportSummary, dryRun: boolean, slug: string): string {
  if (dryRun) return `dry run for ${slug}: ${s.rows} rows, ${s.rows - s.invalid} importable, ${s.invalid} invalid; nothing written`;
  return `imported into ${slug}: ${s.created} created, ${s.already_imported} already imported, ${s.failed} failed, ${s.invalid} invalid`;
}

/** `lsk import <source> <file>`: one command per source. */
export const importCommands: Command[] = SOURCE_NAMES.map((name) => ({
  name: `import ${name}`,
  arg: '<file>',
  synopsis: '<file> --workspace <slug> [--dry-run] [--skip-invalid]',
  summary: `Import links from ${WHAT[name]}; see docs/import.md.`,
  details:
    'Every row is checked before the first write; a file with invalid rows is refused whole unless --skip-invalid. Each row is then created through the bulk service (100 per call) or reported; running the same file again imports nothing twice. One line per row on stdout, progress on stderr. Result: {"rows", "created", "already_imported", "invalid", "failed", "missing_domains", "written"} as JSON.',
  options: {
    ...WORKSPACE,
    'dry-run': { help: 'check every row and report; write nothing' },
    'skip-invalid': { help: 'import the valid rows of a file that has invalid ones (those are reported, not written)' },
  },
  usesStore: true,
  async run(ctx) {
    const { services, workspace, caller } = await workspaceOption(ctx);
    const dryRun = ctx.options['dry-run'] !== undefined;
    const { importFile } = await import('../import/run.js');
    const summary = await importFile(services, {
      source: SOURCES[name],
      path: ctx.arg,
      caller,
      dryRun,
      skipInvalid: ctx.options['skip-invalid'] !== undefined,
      onRow: (r) => process.stdout.write(`${rowLine(r)}\n`),
      onProgress: progress(),
    });
    const lines = [
      ...summary.missing_domains.map((d) => `missing domain ${d}: lsk domain add ${d} --workspace ${workspace.slug}`),
      verdict(summary, dryRun, workspace.slug),
      JSON.stringify(summary),
    ];
    if (!dryRun && !summary.written) {
      process.stdout.write(`${lines.join('\n')}\n`);
      throw new InvalidArgument(`${summary.invalid} of ${summary.rows} rows are invalid; nothing was imported (fix them, or pass --skip-invalid)`);
    }
    return lines;
  },
}));
