import type { Command } from './command.js';
import { table, when } from './output.js';

const entryJson = (e: { host: string; note: string | null; createdAt: Date }) => ({ host: e.host, note: e.note, created_at: e.createdAt.toISOString() });

/** The operator's blocked hosts and the abuse reports (docs/abuse.md). */
export const blocklistCommands: Command[] = [
  {
    name: 'blocklist add',
    arg: '<host>',
    synopsis: '<host> [--note TEXT]',
    summary: 'Block a host and its subdomains: new links to it are refused (422 destination_blocked), existing ones answer 403 link_disabled.',
    details: 'Kept in the store beside LSK_BLOCKLIST_FILE; every instance applies it within 2 s. Result: {"host", "note", "created_at", "added"} as JSON.',
    options: { note: { value: 'TEXT', help: 'why it is blocked (shown by blocklist list)' } },
    usesStore: true,
    async run({ arg, options, services }) {
      const { entry, added } = await (await services()).abuseOperator.block(arg, options.note ?? null);
      return [added ? `blocked ${entry.host} and its subdomains` : `${entry.host} was blocked already`, JSON.stringify({ ...entryJson(entry), added })];
    },
  },
  {
    name: 'blocklist remove',
    arg: '<host>',
    synopsis: '<host>',
    summary: 'Unblock a host added with blocklist add (hosts of LSK_BLOCKLIST_FILE are edited in the file).',
    details: 'Result: {"host", "removed"} as JSON.',
    options: {},
    usesStore: true,
    async run({ arg, services }) {
      const { host, removed } = await (await services()).abuseOperator.unblock(arg);
      return [removed ? `unblocked ${host}` : `${host} was not on the stored blocklist`, JSON.stringify({ host, removed })];
    },
  },
  {
    name: 'blocklist list',
    synopsis: '',
    summary: 'List the blocked hosts kept in the store, and what LSK_BLOCKLIST_FILE holds.',
    details: 'Result: {"data": [{"host", "note", "created_at"}], "file": {"path", "lines", "hosts", "skipped", "loaded_at"} or null} as JSON.',
    options: {},
    usesStore: true,
    async run({ services }) {
      const { entries, file } = await (await services()).abuseOperator.blocked();
      const fileLine = file
        ? `file ${file.path}: ${file.hosts} hosts from ${file.lines} lines (${file.skipped} skipped), read ${when(file.loadedAt)}`
        : 'no LSK_BLOCKLIST_FILE';
      const fileJson = file && { path: file.path, lines: file.lines, hosts: file.hosts, skipped: file.skipped, loaded_at: file.loadedAt.toISOString() };
      return [
        ...table(
          ['HOST', 'ADDED', 'NOTE'],
          entries.map((e) => [e.host, when(e.createdAt), e.note ?? '']),
        ),
        fileLine,
        JSON.stringify({ data: entries.map(entryJson), file: fileJson }),
      ];
    },
  },
  {
    name: 'reports list',
    synopsis: '[--limit N] [--cursor C]',
    summary: 'List abuse reports (POST /report), newest first.',
    details: 'Result: {"data": [{"id", "url", "reason", "link_id", "workspace_id", "created_at"}], "next_cursor"} as JSON.',
    options: {
      limit: { value: 'N', help: 'how many, 1 to 1000 (default 50)' },
      cursor: { value: 'C', help: 'next_cursor of the previous page' },
    },
    usesStore: true,
    async run({ options, services }) {
      const limit = options.limit === undefined ? 50 : Number(options.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
        throw new Error(`invalid --limit: must be a whole number from 1 to 1000, not "${options.limit}"`);
      const page = await (await services()).reports.list(limit, options.cursor);
      const rows = page.data.map((r) => [when(r.createdAt), r.url, r.linkId ?? '-', r.reason ?? '']);
      const json = page.data.map((r) => ({
        id: r.id,
        url: r.url,
        reason: r.reason,
        link_id: r.linkId,
        workspace_id: r.workspaceId,
        created_at: r.createdAt.toISOString(),
      }));
      return [...table(['RECEIVED', 'URL', 'LINK', 'REASON'], rows), JSON.stringify({ data: json, next_cursor: page.nextCursor })];
    },
  },
];
