/**
 * A second installation of lsk in a temp folder (package.json, bin/, scripts/ and the built dist/ copied,
 * node_modules linked), so tests can write its `.env`, use its default `./data`, and run its server
 * and CLI from any directory without touching the repository's own files. Plus process helpers
 * that control the environment exactly (no DATABASE_URL, PORT, … leaking in from the test run).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Install {
  root: string;
  server: string;
  cli: string;
  cleanup(): void;
}

export function installCopy(): Install {
  const root = mkdtempSync(join(tmpdir(), 'lsk-install-'));
  for (const item of ['package.json', 'bin', 'dist', 'scripts']) cpSync(join(ROOT, item), join(root, item), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  return {
    root,
    server: join(root, 'dist/src/main.js'),
    cli: join(root, 'bin/lsk.js'),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** The test run's environment without any lsk setting, plus `env`. */
export function cleanEnv(env: Record<string, string> = {}): Record<string, string> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined && !/^(PORT|HOST|DATABASE_URL|LOG_LEVEL|LSK_.*)$/.test(e[0])),
  );
  return { ...base, ...env };
}

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
  last: string;
}

/** Run a node script to its end (30 s at most) in `cwd` with exactly `env`. */
export function runNode(script: string, args: string[], opts: { env: Record<string, string>; cwd: string }): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, ...args], { env: opts.env, cwd: opts.cwd, timeout: 30_000 }, (err, stdout, stderr) => {
      const lines = String(stdout).trimEnd().split('\n');
      const code = err ? ((err as { code?: number }).code ?? 1) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr), last: lines[lines.length - 1] ?? '' });
    });
  });
}

export interface Started {
  proc: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Start a server script and wait for its "lsk listening" log line (rejects with its output if it exits first). */
export function startServer(script: string, opts: { env: Record<string, string>; cwd: string }): Promise<Started> {
  const proc = spawn(process.execPath, [script], { env: opts.env, cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  const started: Started = {
    proc,
    output: () => out,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      await exited;
    },
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "lsk listening" in 30 s:\n${out}`)), 30_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('"msg":"lsk listening"')) {
        clearTimeout(timer);
        resolve(started);
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before listening:\n${out}`));
    });
  });
}
