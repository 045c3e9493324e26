import { LskError } from '../domain/errors.js';
import { ALL_SCOPES, SCOPES } from '../domain/scopes.js';
import type { ApiKey } from '../generated/graphql.js';
import { type Command, check, cliCaller, WORKSPACE, workspaceOption } from './command.js';
import { keyJson, table, when } from './output.js';

export const keyCommands: Command[] = [
  {
    name: 'key create',
    synopsis: '--workspace <slug> [--name NAME] [--scopes a,b] [--domains a,b] [--tags a,b]',
    summary: 'Issue an API key for a workspace; the last line is the key, shown only once.',
    details: 'The key (lsk_live_…) lives LSK_KEY_TTL_DAYS days (90); lsk issues its successor itself near the end.',
    options: {
      ...WORKSPACE,
      name: { value: 'NAME', help: 'a label for the key, 1 to 64 characters (default: "default")' },
      scopes: { value: 'a,b', help: `what the key may do, comma-separated, from: ${SCOPES.join(', ')} (default: all)` },
      domains: { value: 'a,b', help: "restrict the key to links on these domains (the default domain or the workspace's), comma-separated" },
      tags: { value: 'a,b', help: 'restrict the key to links carrying one of these tags, comma-separated' },
    },
    usesStore: true,
    async run(ctx) {
      const { keyNameSchema, scopesSchema } = await import('../domain/resource-schemas.js');
      const keyName = check(keyNameSchema, ctx.options.name ?? 'default', '--name');
      const scopes =
        ctx.options.scopes === undefined
          ? undefined
          : check(
              scopesSchema,
              ctx.options.scopes.split(',').map((s) => s.trim()),
              '--scopes',
            );
      const list = (v: string | undefined) => v?.split(',').map((s) => s.trim());
      const { services, workspace, caller } = await workspaceOption(ctx);
      const input = { name: keyName, scopes, domains: list(ctx.options.domains), tags: list(ctx.options.tags) };
      const { key, secret } = await services.keys.create(caller, input, ALL_SCOPES);
      const restricted = [...(key.domains ? [`domains ${key.domains.join(',')}`] : []), ...(key.tags ? [`tags ${key.tags.join(',')}`] : [])];
      const only = restricted.length > 0 ? `, restricted to ${restricted.join(' and ')}` : '';
      const what = `created key ${key.id} "${key.name}" for ${workspace.slug} with scopes ${key.scopes.join(',')}${only}, expires ${key.expiresAt.toISOString()}`;
      return [`${what}; it is shown only once:`, secret];
    },
  },
  {
    name: 'key list',
    synopsis: '--workspace <slug>',
    summary: "List a workspace's API keys (never their secrets), newest first, revoked ones included.",
    details: 'Result: {"data": [keys]} as JSON, the shape of GET /v1/keys.',
    options: WORKSPACE,
    usesStore: true,
    async run(ctx) {
      const { services, caller } = await workspaceOption(ctx);
      const keys = await services.keys.list(caller);
      const rows = keys.map((k) => [k.id, k.name, when(k.createdAt), when(k.expiresAt), when(k.lastUsedAt), when(k.revokedAt)]);
      return [...table(['ID', 'NAME', 'CREATED', 'EXPIRES', 'LAST USED', 'REVOKED'], rows), JSON.stringify({ data: keys.map(keyJson) })];
    },
  },
  {
    name: 'key revoke',
    arg: '<key-id>',
    synopsis: '<key-id>',
    summary: 'Revoke an API key: refused at once here and within seconds on every instance.',
    details: 'Result: {"id", "revoked_at"} as JSON.',
    options: {},
    usesStore: true,
    async run({ arg, core }) {
      const services = await core();
      const found = await services.directory.keyWithWorkspace(arg);
      if (!found) throw LskError.notFound(`API key ${arg}`);
      const revoked = await services.keys.revoke(cliCaller(found.workspace), arg);
      const result: Pick<ApiKey, 'id' | 'revoked_at'> = { id: revoked.id, revoked_at: revoked.revokedAt?.toISOString() ?? null };
      return [`revoked key ${revoked.id}`, JSON.stringify(result)];
    },
  },
];
