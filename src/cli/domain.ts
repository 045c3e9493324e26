import { type Command, check, WORKSPACE, workspaceOption } from './command.js';
import { domainJson, table, when } from './output.js';

/** The host rule of the API's domain inputs, loaded when a command checks one (not for `lsk --help`). */
const hostSchema = async () => (await import('../domain/link-schemas.js')).hostSchema;

export const domainCommands: Command[] = [
  {
    name: 'domain add',
    arg: '<host>',
    synopsis: '<host> --workspace <slug>',
    summary: 'Register a custom domain to a workspace (point its DNS at lsk first; see docs/deploying.md).',
    details: 'A host belongs to one workspace at most. Result: {"host", "workspace", "created_at"} as JSON.',
    options: WORKSPACE,
    usesStore: true,
    async run(ctx) {
      const host = check(await hostSchema(), ctx.arg, 'host');
      const { services, workspace, caller } = await workspaceOption(ctx);
      const d = await services.workspaces.addDomain(caller, { host });
      return [
        `added domain ${d.host} to ${workspace.slug}`,
        JSON.stringify({ host: d.host, workspace: workspace.slug, created_at: d.createdAt.toISOString() }),
      ];
    },
  },
  {
    name: 'domain list',
    synopsis: '--workspace <slug>',
    summary: "List a workspace's custom domains, oldest first.",
    details: 'Result: {"data": [domains]} as JSON, the shape of GET /v1/domains.',
    options: WORKSPACE,
    usesStore: true,
    async run(ctx) {
      const { services, caller } = await workspaceOption(ctx);
      const domains = await services.workspaces.listDomains(caller);
      return [
        ...table(
          ['HOST', 'ADDED'],
          domains.map((d) => [d.host, when(d.createdAt)]),
        ),
        JSON.stringify({ data: domains.map(domainJson) }),
      ];
    },
  },
  {
    name: 'domain remove',
    arg: '<host>',
    synopsis: '<host> --workspace <slug>',
    summary: 'Remove a custom domain from a workspace; refused while links still use it.',
    details: 'Result: {"host", "workspace"} as JSON.',
    options: WORKSPACE,
    usesStore: true,
    async run(ctx) {
      const host = check(await hostSchema(), ctx.arg, 'host');
      const { services, workspace, caller } = await workspaceOption(ctx);
      await services.workspaces.removeDomain(caller, host);
      return [`removed domain ${host} from ${workspace.slug}`, JSON.stringify({ host, workspace: workspace.slug })];
    },
  },
];
