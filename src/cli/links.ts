import { shortUrl } from '../domain/field-rules.js';
import { linkJson } from '../webhooks/payloads.js';
import { type Command, WORKSPACE, workspaceOption } from './command.js';
import { table, when } from './output.js';

interface Failure {
  line: number;
  code: string;
  message: string;
}

/** The command line's strings as the API's body: lists split at commas, whole numbers as numbers. */
function linkBody(destination: string, o: Record<string, string | undefined>): Record<string, unknown> {
  const body: Record<string, unknown> = { destination };
  const given = (name: string, key: string, value: (v: string) => unknown = (v) => v) => {
    if (o[name] !== undefined) body[key] = value(o[name]);
  };
  given('alias', 'alias');
  given('domain', 'domain');
  given('title', 'title');
  given('external-id', 'external_id');
  given('expires-at', 'expires_at');
  given('tags', 'tags', (v) => v.split(',').map((t) => t.trim()));
  given('max-clicks', 'max_clicks', (v) => (/^\d{1,10}$/.test(v) ? Number(v) : v));
  return body;
}

export const linkCommands: Command[] = [
  {
    name: 'links create',
    arg: '<destination>',
    synopsis: '<destination> --workspace <slug> [--alias A] [--domain D] [--tags a,b] [--title T] [--external-id ID] [--expires-at ISO] [--max-clicks N]',
    summary: 'Create a short link through the same service as POST /v1/links: the same rules and errors, and webhooks hear of it.',
    details: 'Result: the link as JSON, the shape POST /v1/links answers. Other fields (geo and device targeting, passwords) are set through the API.',
    options: {
      ...WORKSPACE,
      alias: { value: 'A', help: 'the short path (default: 7 random characters)' },
      domain: { value: 'D', help: "one of the workspace's domains (default: LSK_DEFAULT_DOMAIN)" },
      tags: { value: 'a,b', help: 'tags, comma-separated' },
      title: { value: 'T', help: 'a title for people' },
      'external-id': { value: 'ID', help: 'your own id for the link, unique in the workspace' },
      'expires-at': { value: 'ISO', help: 'an ISO 8601 date-time with an offset, in the future' },
      'max-clicks': { value: 'N', help: 'the number of clicks after which the link is exhausted' },
    },
    usesStore: true,
    async run(ctx) {
      const { services, workspace, caller } = await workspaceOption(ctx);
      const link = await services.links.create(caller, linkBody(ctx.arg, ctx.options));
      return [`created ${link.id} ${shortUrl(link.domain, link.alias)} -> ${link.destination} in ${workspace.slug}`, JSON.stringify(linkJson(link))];
    },
  },
  {
    name: 'links list',
    synopsis: '--workspace <slug> [--tag T] [--domain D] [--q TEXT] [--status active|expired|exhausted] [--limit N] [--cursor C]',
    summary: "List a workspace's links, newest first, one page at a time, as GET /v1/links does.",
    details: 'Result: {"data": [links], "next_cursor"} as JSON, the shape of GET /v1/links; pass next_cursor as --cursor for the next page.',
    options: {
      ...WORKSPACE,
      tag: { value: 'T', help: 'only links carrying this tag' },
      domain: { value: 'D', help: 'only links on this domain' },
      q: { value: 'TEXT', help: 'only links whose alias or destination contains this' },
      status: { value: 'active|expired|exhausted', help: 'only links in this status' },
      limit: { value: 'N', help: 'links per page, 1 to 100 (default: 20)' },
      cursor: { value: 'C', help: 'the next_cursor of the previous page' },
    },
    usesStore: true,
    async run(ctx) {
      const { services, caller } = await workspaceOption(ctx);
      const { workspace: _, ...query } = ctx.options;
      const page = await services.links.list(caller, query);
      const rows = page.data.map((l) => [l.id, shortUrl(l.domain, l.alias), String(l.clicks), l.status, when(l.createdAt), l.destination]);
      return [
        ...table(['ID', 'SHORT URL', 'CLICKS', 'STATUS', 'CREATED', 'DESTINATION'], rows),
        ...(page.nextCursor ? [`more: --cursor ${page.nextCursor}`] : []),
        JSON.stringify({ data: page.data.map(linkJson), next_cursor: page.nextCursor }),
      ];
    },
  },
  {
    name: 'links import',
    arg: '<file>',
    synopsis: '<file> --workspace <slug>',
    summary: 'Create links from a CSV file (the format GET /v1/links/export writes; see docs/csv.md), 100 per bulk call.',
    details:
      'Columns: destination (required), domain, alias, geo_targeting (JSON), tags (|-joined); the export\'s read-only columns are skipped. A file that cannot be read to its end (an unterminated quote, a row with the wrong number of cells) is refused before anything is created; rows the API refuses are reported by line while the others are created. Progress goes to stderr. Result: {"created", "failed", "errors": [{"line", "code", "message"}]} as JSON.',
    options: WORKSPACE,
    usesStore: true,
    async run(ctx) {
      const { services, workspace, caller } = await workspaceOption(ctx);
      const [{ readLinkCsv }, { BULK_MAX }] = await Promise.all([import('../csv/link-import.js'), import('../domain/bulk-schemas.js')]);
      // The whole file is read once before the first write: a file that cannot be read to its end (an
      // unterminated quote, a row with the wrong number of cells) is refused whole and creates nothing.
      for await (const _row of readLinkCsv(ctx.arg));
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
