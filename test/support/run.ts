/** Runs a command to completion (never throws): exit code and stdout+stderr. */
import { execFile } from 'node:child_process';

export function run(
  cmd: string,
  args: string[],
  cwd: string,
  env: Record<string, string | undefined>,
  timeout: number,
): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(cmd, args, { cwd, env: { ...process.env, ...env }, timeout, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 1) : 0;
      resolve({ code, out: `${String(stdout)}\n${String(stderr)}${err && code === 1 && !stdout && !stderr ? String(err) : ''}` });
    });
  });
}
