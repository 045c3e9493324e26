import { randomBytes } from 'node:crypto';
import { hostname, userInfo } from 'node:os';
import type { z } from 'zod';
import type { Config } from '../config/env.js';
import type { Acting, Caller } from '../domain/caller.js';
import type { Workspace } from '../domain/model.js';
import type { Services } from '../wiring/all-services.js';
import type { CoreServices } from '../wiring/core-wiring.js';

/** A malformed command line (exit status 2). */
export class UsageError extends Error {}
/** A well-formed command with a bad value (exit status 1). */
export class InvalidArgument extends Error {}

export interface OptionSpec {
  /** The value's placeholder in help (`<slug>`); absent for a flag. */
  value?: string;
  help: string;
  required?: boolean;
}

/**
 * What a command receives: its argument, its options, the settings and the store (opened on first
 * use): the services' core (workspaces, keys, links, with their audit and webhook events) or, for a
 * command that needs more, the whole graph as the server builds it on the same core (docs/adr/0238).
 */
export interface CommandContext {
  arg: string;
  options: Record<string, string | undefined>;
  config: Config;
  core(): Promise<CoreServices>;
  services(): Promise<Services>;
}

/** One row of the command table. */
export interface Command {
  /** `noun verb` (or a single word). */
  name: string;
  /** The positional argument's placeholder (`<slug>`), when the command takes one. */
  arg?: string;
  /** Arguments and options as the usage line shows them. */
  synopsis: string;
  /** One sentence for the command list; more may follow in `details`. */
  summary: string;
  details?: string;
  options: Record<string, OptionSpec>;
  /** Whether the command opens the store (and so takes --init). */
  usesStore: boolean;
  /** Human lines first; the last line is the machine-readable result. */
  run(ctx: CommandContext): Promise<string[]>;
}

/** Validate one command-line value with the domain's zod schema; a failure names the argument. */
export function check<S extends z.ZodType>(schema: S, value: unknown, label: string): z.output<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  throw new InvalidArgument(`invalid ${label}: ${[...new Set(r.error.issues.map((i) => i.message))].join('; ')}`);
}

/** The `--workspace <slug>` option, required. */
export const WORKSPACE: Record<string, OptionSpec> = { workspace: { value: '<slug>', help: 'the workspace', required: true } };

function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

/** One id for everything a command does (its audit entries share it, like a request's). */
const COMMAND_ID = `cli-${randomBytes(6).toString('hex')}`;

/** The operator at the command line, as the audit log names them: actor `cli`, labelled with the OS user and host. */
export function cliActing(): Acting {
  return { actor: { type: 'cli', id: 'cli', label: `${osUser()}@${hostname()}` }, requestId: COMMAND_ID };
}

/** The CLI acting in a workspace (the operator has every right there). */
export function cliCaller(workspace: Workspace): Caller {
  return { ...cliActing(), workspaceId: workspace.id, role: null, restriction: null };
}

/** The workspace named by --workspace (required by the commands that use this), and the CLI as its caller. */
export async function workspaceOption(ctx: CommandContext) {
  const services = await ctx.core();
  const workspace = await services.workspaces.bySlug(ctx.options.workspace!);
  return { services, workspace, caller: cliCaller(workspace) };
}
