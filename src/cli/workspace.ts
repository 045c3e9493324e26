import type { Plan } from '../domain/resource-schemas.js';
import { type Command, check, cliActing, InvalidArgument, type OptionSpec, UsageError } from './command.js';
import { table, workspaceJson } from './output.js';

const PLAN_OPTIONS: Record<string, OptionSpec> = {
  plan: { value: 'standard|advanced', help: 'the plan: standard (100 requests/minute) or advanced (500)' },
  rpm: { value: 'N', help: 'a custom limit in requests/minute (1 to 1000000); makes the plan "custom"' },
};

/** The schemas of the API's workspace inputs, loaded when a command checks one (not for `lsk --help`). */
const schemas = () => import('../domain/resource-schemas.js');

async function planOf(plan: string | undefined, rpm: string | undefined, required: boolean): Promise<{ plan: Plan; rpm?: number }> {
  if (plan !== undefined && rpm !== undefined) throw new UsageError('give either --plan or --rpm, not both');
  if (rpm !== undefined) {
    if (!/^\d{1,7}$/.test(rpm) || Number(rpm) < 1 || Number(rpm) > 1_000_000)
      throw new InvalidArgument(`invalid --rpm: must be a whole number from 1 to 1000000, not "${rpm}"`);
    return { plan: 'custom', rpm: check((await schemas()).rpmSchema, rpm, '--rpm') };
  }
  if (plan === undefined) {
    if (required) throw new UsageError('set-plan needs --plan standard|advanced or --rpm N');
    return { plan: 'standard' };
  }
  if (plan !== 'standard' && plan !== 'advanced')
    throw new InvalidArgument(`invalid --plan: must be standard or advanced (use --rpm N for a custom limit), not "${plan}"`);
  return { plan };
}

export const workspaceCommands: Command[] = [
  {
    name: 'workspace create',
    arg: '<slug>',
    synopsis: '<slug> [--plan standard|advanced] [--rpm N]',
    summary: 'Create a workspace (the tenant that owns links, domains and keys); standard plan by default.',
    details: 'The slug is 1 to 40 lower-case letters, digits or inner hyphens. Result: the workspace as JSON.',
    options: PLAN_OPTIONS,
    usesStore: true,
    async run({ arg, options, core }) {
      const slug = check((await schemas()).workspaceSlugSchema, arg, 'workspace slug');
      const p = await planOf(options.plan, options.rpm, false);
      const ws = await (await core()).workspaces.create(cliActing(), slug, p.plan, p.rpm);
      return [`created workspace ${ws.slug} (${ws.plan}, ${ws.rateLimitRpm} requests/minute)`, JSON.stringify(workspaceJson(ws))];
    },
  },
  {
    name: 'workspace set-plan',
    arg: '<slug>',
    synopsis: '<slug> --plan standard|advanced | --rpm N',
    summary: "Change a workspace's plan or give it a custom limit; every instance applies it within seconds.",
    details: 'Result: the workspace as JSON.',
    options: PLAN_OPTIONS,
    usesStore: true,
    async run({ arg, options, core }) {
      const p = await planOf(options.plan, options.rpm, true);
      const ws = await (await core()).workspaces.setPlan(cliActing(), arg, p.plan, p.rpm);
      return [`workspace ${ws.slug} is now on ${ws.plan} (${ws.rateLimitRpm} requests/minute)`, JSON.stringify(workspaceJson(ws))];
    },
  },
  {
    name: 'workspace list',
    synopsis: '',
    summary: 'List every workspace with its plan and limit, oldest first.',
    details: 'Result: {"data": [workspaces]} as JSON.',
    options: {},
    usesStore: true,
    async run({ core }) {
      const all = await (await core()).workspaces.list();
      const rows = all.map((w) => [w.slug, w.plan, String(w.rateLimitRpm), w.id]);
      return [...table(['SLUG', 'PLAN', 'RPM', 'ID'], rows), JSON.stringify({ data: all.map(workspaceJson) })];
    },
  },
  {
    name: 'workspace delete',
    arg: '<slug>',
    synopsis: '<slug>',
    summary: 'Delete a workspace and everything it holds (links, domains, keys, members, webhooks, analytics); it cannot be undone.',
    details:
      'Its keys, sessions and links stop at once on every instance (within 2 s), its domains and slug are free again; then its data is purged here, in batches, before the command returns (a purge cut short goes on at the next start of lsk). Result: the deleted workspace as JSON.',
    options: {},
    usesStore: true,
    async run({ arg, core }) {
      const s = await core();
      const ws = await s.workspaces.deleteBySlug(cliActing(), arg);
      await s.workspacePurge.run();
      return [`deleted workspace ${ws.slug} and purged its data`, JSON.stringify(workspaceJson(ws))];
    },
  },
];
