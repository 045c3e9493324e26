import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/env.js';
import { LskError } from '../domain/errors.js';
import { rpmSchema, type Plan } from '../domain/resource-schemas.js';
import { keyNameSchema } from '../domain/resource-schemas.js';
import { parseOrThrow } from '../domain/validate.js';
import { buildServices } from '../services/build.js';
import type { Services } from '../services/services.js';

const USAGE = `usage:
  lsk workspace create <slug> [--plan standard|advanced] [--rpm N]
  lsk workspace set-plan <slug> --plan standard|advanced | --rpm N
  lsk key create --workspace <slug> [--name NAME]
  lsk key revoke <key-id>
  lsk domain add <host> --workspace <slug>`;

class UsageError extends Error {}

function planOf(plan: string | undefined, rpm: string | undefined, required: boolean): { plan: Plan; rpm?: number } {
  if (plan !== undefined && rpm !== undefined) throw new UsageError('give either --plan or --rpm, not both');
  if (rpm !== undefined) return { plan: 'custom', rpm: parseOrThrow(rpmSchema, rpm) };
  if (plan === undefined) {
    if (required) throw new UsageError('set-plan needs --plan standard|advanced or --rpm N');
    return { plan: 'standard' };
  }
  if (plan !== 'standard' && plan !== 'advanced') throw new UsageError(`--plan must be standard or advanced (use --rpm N for a custom limit), not "${plan}"`);
  return { plan };
}

const wsJson = (w: { id: string; slug: string; plan: string; rateLimitRpm: number }) =>
  JSON.stringify({ id: w.id, slug: w.slug, plan: w.plan, rate_limit_rpm: w.rateLimitRpm });

async function run(argv: string[], services: Services): Promise<string[]> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: { plan: { type: 'string' }, rpm: { type: 'string' }, workspace: { type: 'string' }, name: { type: 'string' } },
  });
  const [noun, verb, arg, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  const need = (v: string | undefined, what: string) => {
    if (!v) throw new UsageError(`missing ${what}`);
    return v;
  };
  switch (`${noun ?? ''} ${verb ?? ''}`) {
    case 'workspace create': {
      const p = planOf(values.plan, values.rpm, false);
      const ws = await services.workspaces.create(need(arg, '<slug>'), p.plan, p.rpm);
      return [`created workspace ${ws.slug} (${ws.plan}, ${ws.rateLimitRpm} requests/minute)`, wsJson(ws)];
    }
    case 'workspace set-plan': {
      const p = planOf(values.plan, values.rpm, true);
      const ws = await services.workspaces.setPlan(need(arg, '<slug>'), p.plan, p.rpm);
      return [`workspace ${ws.slug} is now on ${ws.plan} (${ws.rateLimitRpm} requests/minute)`, wsJson(ws)];
    }
    case 'key create': {
      if (arg) throw new UsageError(`unexpected argument "${arg}"`);
      const ws = await services.workspaces.bySlug(need(values.workspace, '--workspace <slug>'));
      const name = parseOrThrow(keyNameSchema, values.name ?? 'default');
      const { key, secret } = await services.keys.issue(ws.id, name);
      return [`created key ${key.id} "${key.name}" for ${ws.slug}, expires ${key.expiresAt.toISOString()}; it is shown only once:`, secret];
    }
    case 'key revoke': {
      const id = need(arg, '<key-id>');
      const key = await services.store.getApiKey(id);
      if (!key) throw LskError.notFound(`API key ${id}`);
      const revoked = await services.keys.revoke(key.workspaceId, id);
      return [`revoked key ${revoked.id}`, JSON.stringify({ id: revoked.id, revoked_at: revoked.revokedAt?.toISOString() })];
    }
    case 'domain add': {
      const ws = await services.workspaces.bySlug(need(values.workspace, '--workspace <slug>'));
      const d = await services.workspaces.addDomain(ws.id, { host: need(arg, '<host>') });
      return [`added domain ${d.host} to ${ws.slug}`, JSON.stringify({ host: d.host, workspace: ws.slug, created_at: d.createdAt.toISOString() })];
    }
    default:
      throw new UsageError(noun ? `unknown command "${[noun, verb].filter(Boolean).join(' ')}"` : 'no command given');
  }
}

function reason(e: unknown): string {
  if (e instanceof LskError) {
    const details = e.details?.map((d) => `${d.path}: ${d.message}`).join('; ');
    return details ? `${e.message} (${details})` : e.message;
  }
  return (e as Error).message ?? String(e);
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return argv.length === 0 ? 2 : 0;
  }
  let services: Services | undefined;
  try {
    const config = loadConfig();
    services = await buildServices(config);
    const lines = await run(argv, services);
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } catch (e) {
    const line = reason(e).replace(/\s+/g, ' ');
    process.stderr.write(`lsk: ${line}\n`);
    return e instanceof ConfigError || e instanceof UsageError ? 2 : 1;
  } finally {
    await services?.store.close().catch(() => undefined);
  }
}

main().then((code) => process.exit(code));
