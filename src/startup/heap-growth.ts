import v8 from 'node:v8';
import { loadConfig } from '../config/env.js';

const FLAG = '--heap-growing-percent';

/**
 * LSK_HEAP_GROWTH_PERCENT: after each full collection V8 lets the old generation grow by this many
 * percent of what survived before the next one (`--heap-growing-percent`), instead of its own factor
 * (up to 4x on a machine with plenty of memory, so a server idling between bursts can hold several
 * times its live heap in garbage). V8 reads the flag at each collection, so it is set at run time.
 * An operator's own flag (command line or NODE_OPTIONS) wins; 0 leaves V8's own factor. docs/adr/0193.
 */
export function applyHeapGrowthSetting(execArgv: readonly string[] = process.execArgv, env: NodeJS.ProcessEnv = process.env): number {
  let percent: number;
  try {
    percent = loadConfig(env).heapGrowthPercent;
  } catch {
    return 0;
  }
  const given = (arg: string) => arg.replaceAll('_', '-').startsWith(FLAG);
  if (percent === 0 || execArgv.some(given) || (env.NODE_OPTIONS ?? '').split(/\s+/).some(given)) return 0;
  v8.setFlagsFromString(`${FLAG}=${percent}`);
  return percent;
}
