import { parseArgs } from 'node:util';
import type { z } from 'zod';
import { ConfigError, loadConfig } from '../config/env.js';
import { LskError } from '../domain/errors.js';
import { hostSchema } from '../domain/link-schemas.js';
import { keyNameSchema, type Plan, rpmSchema, workspaceSlugSchema } from '../domain/resource-schemas.js';
import type { ApiKey, Domain, Workspace } from '../generated/graphql.js';
import { buildServices } from '../services/build.js';
import type { Services } from '../services/services.js';

const USAGE = `usage:
  lsk workspace create <slug> [--plan standard|advanced] [--rpm N]
  lsk workspace set-plan <slug> --plan standard|advanced | --rpm N
  lsk key create --workspace <slug> [--name NAME]
  lsk key revoke <key-id>
  lsk domain add <host> --workspace <slug>
Environment: DATABASE_URL and the server's other settings. The last line of stdout is the result
(JSON, or the key for "key create"); on failure, one line on stderr and a non-zero exit status.`;

/** A malformed command line (exit status 2). */
class UsageError extends Error {}
/** A well-formed command with a bad value (exit status 1). */
class InvalidArgument extends Error {}

type Option = 'plan' | 'rpm' | 'workspace' | 'name';

/** Each command: its positional argument (if any) and the options it accepts. */
const COMMANDS: Record<string, { arg?: string; options: Option[] }> = {
  'workspace create': { arg: '<slug>', options: ['plan', 'rpm'] },
  'workspace set-plan': { arg: '<slug>', options: ['plan', 'rpm'] },
  'key create': { options: ['workspace', 'name'] },
  'key revoke': { arg: '<key-id>', options: [] },
  'domain add': { arg: '<host>', options: ['workspace'] },
};

/** Validate one command-line value with the domain's zod schema; a failure names the argument. */
function check<S extends z.ZodType>(schema: S, value: unknown, label: string): z.output<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  throw new InvalidArgument(`invalid ${label}: ${[...new Set(r.error.issues.map((i) => i.message))].join('; ')}`);
}

function planOf(plan: string | undefined, rpm: string | undefined, required: boolean): { plan: Plan; rpm?: number } {
  if (plan !== undefined && rpm !== undefined) throw new UsageError('give either --plan or --rpm, not both');
  if (rpm !== undefined) {
    if (!/^\d{1,7}$/.test(rpm) || Number(rpm) < 1 || Number(rpm) > 1_000_000)
      throw new InvalidArgument(`invalid --rpm: must be a whole number from 1 to 1000000, not "${rpm}"`);
    return { plan: 'custom', rpm: check(rpmSchema, rpm, '--rpm') };
  }
  if (plan === undefined) {
    if (required) throw new UsageError('set-plan needs --plan standard|advanced or --rpm N');
    return { plan: 'standard' };
  }
  if (plan !== 'standard' && plan !== 'advanced')
    throw new InvalidArgument(`invalid --plan: must be standard or advanced (use --rpm N for a custom limit), not "${plan}"`);
  return { plan };
}

/** The machine-readable results: the wire shapes of the API (generated from the GraphQL schema). */
const wsJson = (w: { id: string; slug: string; plan: Plan; rateLimitRpm: number }) =>
  JSON.stringify({ id: w.id, slug: w.slug, plan: w.plan, rate_limit_rpm: w.rateLimitRpm } satisfies Workspace);

const OPTIONS = { plan: { type: 'string' }, rpm: { type: 'string' }, workspace: { type: 'string' }, name: { type: 'string' } } as const;

function parseCommandLine(argv: string[]) {
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; strict: true; options: typeof OPTIONS }>>;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: OPTIONS,
    });
  } catch (e) {
    // node:util's messages run on with advice about "--"; the first sentence is the reason.
    throw new UsageError((e as Error).message.split(/\.\s/)[0]!.replace(/\.$/, ''));
  }
  const { values, positionals } = parsed;
  const [noun, verb, arg, ...extra] = positionals;
  const name = `${noun} ${verb ?? ''}`.trim();
  const spec = COMMANDS[name];
  if (!spec) {
    const verbs = Object.keys(COMMANDS).filter((c) => c.startsWith(`${noun} `));
    if (verbs.length > 0 && verb === undefined) throw new UsageError(`missing command after "${noun}": ${verbs.map((c) => c.split(' ')[1]).join(' or ')}`);
    throw new UsageError(`unknown command "${name}" (see lsk --help)`);
  }
  const unexpected = spec.arg ? extra[0] : (arg ?? extra[0]);
  if (unexpected !== undefined) throw new UsageError(`unexpected argument "${unexpected}" for "lsk ${name}"`);
  for (const option of Object.keys(values)) {
    if (!spec.options.includes(option as Option)) throw new UsageError(`"lsk ${name}" takes no --${option}`);
  }
  if (spec.arg && !arg) throw new UsageError(`missing ${spec.arg} for "lsk ${name}"`);
  return { name, arg: arg ?? '', values };
}

async function run(name: string, arg: string, values: Partial<Record<Option, string>>, services: Services): Promise<string[]> {
  const needWorkspace = () => {
    if (values.workspace === undefined) throw new UsageError(`missing --workspace <slug> for "lsk ${name}"`);
    return services.workspaces.bySlug(values.workspace);
  };
  switch (name) {
    case 'workspace create': {
      const slug = check(workspaceSlugSchema, arg, 'workspace slug');
      const p = planOf(values.plan, values.rpm, false);
      const ws = await services.workspaces.create(slug, p.plan, p.rpm);
      return [`created workspace ${ws.slug} (${ws.plan}, ${ws.rateLimitRpm} requests/minute)`, wsJson(ws)];
    }
    case 'workspace set-plan': {
      const p = planOf(values.plan, values.rpm, true);
      const ws = await services.workspaces.setPlan(arg, p.plan, p.rpm);
      return [`workspace ${ws.slug} is now on ${ws.plan} (${ws.rateLimitRpm} requests/minute)`, wsJson(ws)];
    }
    case 'key create': {
      const keyName = check(keyNameSchema, values.name ?? 'default', '--name');
      const ws = await needWorkspace();
      const { key, secret } = await services.keys.issue(ws.id, keyName);
      return [`created key ${key.id} "${key.name}" for ${ws.slug}, expires ${key.expiresAt.toISOString()}; it is shown only once:`, secret];
    }
    case 'key revoke': {
      const key = await services.repos.apiKeys.get(arg);
      if (!key) throw LskError.notFound(`API key ${arg}`);
      const revoked = await services.keys.revoke(key.workspaceId, arg);
      const result: Pick<ApiKey, 'id' | 'revoked_at'> = { id: revoked.id, revoked_at: revoked.revokedAt?.toISOString() ?? null };
      return [`revoked key ${revoked.id}`, JSON.stringify(result)];
    }
    case 'domain add': {
      const host = check(hostSchema, arg, 'host');
      const ws = await needWorkspace();
      const d = await services.workspaces.addDomain(ws.id, { host });
      const result: Domain & { workspace: string } = { host: d.host, workspace: ws.slug, created_at: d.createdAt.toISOString() };
      return [`added domain ${d.host} to ${ws.slug}`, JSON.stringify(result)];
    }
    default:
      throw new UsageError(`unknown command "${name}"`);
  }
}

/** One line: the reason, without the HTTP-flavoured "The request is not valid." preamble. */
function reason(e: unknown): string {
  if (e instanceof LskError) {
    const details = e.details?.map((d) => (d.path && d.path !== '(body)' ? `${d.path}: ${d.message}` : d.message)).join('; ');
    if (e.code === 'validation_failed' && details) return details;
    return e.message;
  }
  return (e as Error)?.message || String(e);
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let services: Services | undefined;
  try {
    if (argv.length === 0) {
      process.stdout.write(`${USAGE}\n`);
      throw new UsageError('no command given');
    }
    // The command line is checked in full before the store is opened: a bad one changes nothing.
    const { name, arg, values } = parseCommandLine(argv);
    const config = loadConfig();
    services = await buildServices(config).catch((e: unknown) => {
      throw e instanceof LskError ? e : new Error(`cannot open the database: ${(e as Error)?.message ?? String(e)}`);
    });
    const lines = await run(name, arg, values, services);
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } catch (e) {
    const line = reason(e).replace(/\s+/g, ' ').trim();
    process.stderr.write(`lsk: ${line}\n`);
    return e instanceof ConfigError || e instanceof UsageError ? 2 : 1;
  } finally {
    await services?.repos.close().catch(() => undefined);
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`lsk: ${reason(e).replace(/\s+/g, ' ').trim()}\n`);
    process.exit(1);
  },
);
