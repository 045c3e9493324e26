import v8 from 'node:v8';
import { loadConfig } from '../config/env.js';
import { PROJECT_ROOT } from '../config/project.js';
import { loadProjectEnv } from './env-file.js';

const FLAG = '--max-semi-space-size';

/**
 * The node arguments to restart with so that V8's young generation is capped at `mb` MB per semi
 * space, or null when nothing needs to change: no cap asked (0), or the flag already given on the
 * command line or in NODE_OPTIONS (an operator's explicit flag wins over the setting).
 */
export function semiSpaceRestartArgs(execArgv: readonly string[], nodeOptions: string | undefined, mb: number): string[] | null {
  if (mb === 0) return null;
  // V8 takes its flags with dashes or underscores.
  const given = (arg: string) => {
    const a = arg.replaceAll('_', '-');
    return a === FLAG || a.startsWith(`${FLAG}=`);
  };
  if (execArgv.some(given) || (nodeOptions ?? '').split(/\s+/).some(given)) return null;
  return [`${FLAG}=${mb}`, ...execArgv];
}

/**
 * Before the server loads (src/main.ts): when LSK_SEMI_SPACE_MB asks for a cap the process was not
 * started with, replace this process with the same command plus `--max-semi-space-size` (same
 * process id, so signals and supervisors are unaffected). V8 reads the flag only when it creates the
 * heap; `v8.setFlagsFromString` later has no effect on it (measured). Node without
 * `process.execve` (before 23.11) runs on uncapped; settings that do not validate are left to the
 * server, which reports them in one line.
 */
export function applySemiSpaceSetting(): void {
  let mb: number;
  try {
    loadProjectEnv(PROJECT_ROOT);
    mb = loadConfig(process.env).semiSpaceMb;
  } catch {
    return;
  }
  const args = semiSpaceRestartArgs(process.execArgv, process.env.NODE_OPTIONS, mb);
  if (!args || typeof process.execve !== 'function') return;
  process.execve(process.execPath, [process.execPath, ...args, ...process.argv.slice(1)], process.env);
}

/**
 * Once this thread's heap exists (it read the flag when it was made), clear `--max-semi-space-size`
 * for the heaps made after it: V8 lets the flag win over a worker thread's own `resourceLimits`, so
 * without this each worker thread (the click writer, the analytics readers) would reserve a young
 * generation as large as the event loop's. Each worker thread is started with its limits
 * (src/storage/clicks/thread-limits.ts; docs/adr/0193).
 */
export function leaveWorkersTheirOwnYoungGeneration(): void {
  v8.setFlagsFromString(`${FLAG}=0`);
}
