/** Processes under test for `npm run bench`: started on loopback, output discarded, stopped by SIGTERM. */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The node arguments that start lsk as `npm start` does (dist/src/main.js: the compile cache, and
 * V8's young generation capped per LSK_SEMI_SPACE_MB, which the bench's environment may set),
 * after BENCH_LSK_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", or
 * "--max-semi-space-size=16", which then wins over the setting).
 */
export function lskArgs(): string[] {
  return [...(process.env.BENCH_LSK_NODE_ARGS?.split(' ').filter(Boolean) ?? []), join(ROOT, 'dist/src/main.js')];
}

/** Start a node process; ready when `readyUrl` answers below 500. */
export async function start(args: string[], env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  const p = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  let exited: number | null | undefined;
  p.on('exit', (code) => {
    exited = code;
  });
  for (let i = 0; i < 600; i++) {
    if (exited !== undefined) throw new Error(`${args.join(' ')} exited ${exited}`);
    try {
      if ((await fetch(readyUrl)).status < 500) return p;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  p.kill('SIGKILL');
  throw new Error(`${args.join(' ')} did not become ready`);
}

export function stop(p: ChildProcess): Promise<void> {
  if (p.exitCode !== null || p.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    p.removeAllListeners('exit');
    p.on('exit', () => resolve());
    p.kill('SIGTERM');
  });
}

/** One value of a Prometheus text exposition (NaN when absent). */
export async function metric(base: string, name: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : Number.NaN;
}
