import { readLinkCsv } from '../csv/link-import.js';
import { BULK_MAX } from '../domain/bulk-schemas.js';
import { type Command, WORKSPACE, workspaceOption } from './command.js';

interface Failure {
  line: number;
  code: string;
  message: string;
}

export const linkCommands: Command[] = [
  {
    name: 'links import',
    arg: '<file>',
    synopsis: '<file> --workspace <slug>',
    summary: 'Create links from a CSV file (the format GET /v1/links/export writes; see docs/csv.md), 100 per bulk call.',
    details:
      'Columns: destination (required), domain, alias, geo_targeting (JSON), tags (|-joined); the export\'s read-only columns are skipped. Progress goes to stderr. Result: {"created", "failed", "errors": [{"line", "code", "message"}]} as JSON.',
    options: WORKSPACE,
    usesStore: true,
    async run(ctx) {
      const { services, workspace, caller } = await workspaceOption(ctx);
      let created = 0;
      const failures: Failure[] = [];
      let chunk: { line: number; body: Record<string, unknown> }[] = [];
      const flush = async () => {
        if (chunk.length === 0) return;
        const results = await services.bulkLinks.create(caller, { links: chunk.map((c) => c.body) });
        results.forEach((r, i) => {
          if ('link' in r) created++;
          else failures.push({ line: chunk[i]!.line, code: r.error.code, message: r.error.message });
        });
        chunk = [];
        process.stderr.write(`lsk: ${created + failures.length} rows read: ${created} created, ${failures.length} failed\n`);
      };
      for await (const row of readLinkCsv(ctx.arg)) {
        if ('problem' in row) failures.push({ line: row.line, code: 'validation_failed', message: row.problem });
        else chunk.push(row);
        if (chunk.length === BULK_MAX) await flush();
      }
      await flush();
      failures.sort((a, b) => a.line - b.line);
      return [
        ...failures.map((f) => `line ${f.line}: ${f.message}`),
        `imported into ${workspace.slug}: ${created} created, ${failures.length} failed`,
        JSON.stringify({ created, failed: failures.length, errors: failures }),
      ];
    },
  },
];
