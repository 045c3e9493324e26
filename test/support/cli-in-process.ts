/**
 * lsk commands run inside the test process, for seeding (workspaces, keys, users) where the CLI
 * itself is not what a test checks: the same parsing, settings and command code as `lsk` (built),
 * on services opened as `lsk` opens them, without a Node process per command (about 1 s of CPU) and
 * without opening the store again each time (on FerretDB, seconds of index checks per command).
 * The services stay open per server's settings until `closeCliServices`; as `lsk` does when it
 * exits, each command's audit entries are written before it returns. Nothing here starts a timer.
 * Tests of the CLI itself keep running the real one (runCli).
 */
import { createRequire } from 'node:module';
import type { Services } from '../../src/wiring/all-services.js';
import type { CoreServices } from '../../src/wiring/core-wiring.js';

type Cli = typeof import('../../src/cli/commands.js') &
  typeof import('../../src/cli/database.js') &
  typeof import('../../src/cli/parse.js') &
  typeof import('../../src/config/env.js');
let loaded: Cli | undefined;
/**
 * The built CLI's modules (dist/, as bin/lsk.js and the server run them), loaded on first use by
 * Node itself (require of ES modules): not through vitest's transform, which costs seconds of CPU
 * per test file for these few hundred modules. A file that seeds nothing this way loads none.
 */
function cli(): Cli {
  if (!loaded) {
    const load = createRequire(import.meta.url);
    const dist = (path: string) => load(`../../dist/src/${path}`);
    loaded = { ...dist('cli/commands.js'), ...dist('cli/database.js'), ...dist('cli/parse.js'), ...dist('config/env.js') } as Cli;
  }
  return loaded;
}

interface Opened {
  core: () => Promise<CoreServices>;
  services: () => Promise<Services>;
  close(): Promise<void>;
}
const open = new Map<Record<string, string>, Opened>();

/** Runs `args` on the store of `env` (a server's settings); resolves to the printed lines, or rejects with the command's error. */
export async function cliLines(args: string[], env: Record<string, string>): Promise<string[]> {
  const { COMMANDS, cliDatabase, parseCommandLine, loadConfig } = cli();
  const parsed = parseCommandLine(args, COMMANDS);
  if (parsed.kind !== 'run') throw new Error(`not a command that runs: lsk ${args.join(' ')}`);
  const config = loadConfig({ ...process.env, ...env });
  let db = open.get(env);
  if (!db) {
    db = cliDatabase(config, false);
    open.set(env, db);
  }
  try {
    return await parsed.command.run({ arg: parsed.arg, options: parsed.options, config, core: db.core, services: db.services });
  } catch (e) {
    throw new Error(`lsk ${args.join(' ')} failed: ${(e as Error).message}`);
  } finally {
    if (parsed.command.usesStore) await (await db.core()).auditRecorder.flush();
  }
}

/** Closes the services `cliLines` opened for these settings (when the server stops). */
export async function closeCliServices(env: Record<string, string>): Promise<void> {
  const db = open.get(env);
  open.delete(env);
  await db?.close();
}
