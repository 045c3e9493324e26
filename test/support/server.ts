/**
 * Black-box harness: starts the real server process (node dist/src/server.js, built by `npm test`)
 * on a free loopback port, on SQLite (a temp file) or on the run's MongoDB (a fresh database), and
 * runs the real CLI against the same store.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliLines, closeCliServices } from './cli-in-process.js';
import { testMongoUri, uniqueDbName } from './mongo.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SERVER_JS = join(ROOT, 'dist/src/server.js');
export const CLI_JS = join(ROOT, 'bin/lsk.js');

export type StoreKind = 'sqlite' | 'mongodb';
export const STORES: StoreKind[] = ['sqlite', 'mongodb'];

export { DASHBOARD_STORES } from './journey-stores.js';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/** A DATABASE_URL for a fresh store of that kind (and how to clean it up). */
export function freshDatabaseUrl(kind: StoreKind): { url: string; cleanup: () => void } {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'lsk-test-'));
    return { url: `file:${join(dir, 'lsk.db')}`, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  }
  const base = new URL(testMongoUri());
  base.pathname = `/${uniqueDbName()}`;
  return { url: base.toString(), cleanup: () => {} };
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** The machine-readable last line of stdout. */
  last: string;
}

export function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI_JS, ...args], { env: { ...process.env, ...env }, timeout: 30_000 }, (err, stdout, stderr) => {
      const lines = String(stdout).trimEnd().split('\n');
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout: String(stdout), stderr: String(stderr), last: lines[lines.length - 1] ?? '' });
    });
  });
}

export interface Lsk {
  base: string;
  port: number;
  env: Record<string, string>;
  proc: ChildProcess;
  output(): string;
  cli(args: string[]): Promise<CliResult>;
  /** Create a workspace and a key for it with the CLI's commands (in this process); returns the key. */
  workspace(slug: string, planArgs?: string[]): Promise<string>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Reuse a store (e.g. a second instance on the same MongoDB). */
  databaseUrl?: string;
}

export async function startLsk(kind: StoreKind, opts: StartOptions = {}): Promise<Lsk> {
  const db = opts.databaseUrl ? { url: opts.databaseUrl, cleanup: () => {} } : freshDatabaseUrl(kind);
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(await freePort(), db, opts);
    } catch (e) {
      // The free port was taken before lsk bound it (by another test's listener, or as the local port
      // of a client's connection): lsk said so and exited; it starts again on another port.
      if (attempt < 3 && e instanceof Error && e.message.includes('the port is already in use')) continue;
      throw e;
    }
  }
}

async function startOn(port: number, db: { url: string; cleanup: () => void }, opts: StartOptions): Promise<Lsk> {
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: db.url,
    LSK_DEFAULT_DOMAIN: `localhost:${port}`,
    LOG_LEVEL: 'info',
    ...opts.env,
  };
  const proc = spawn(process.execPath, [SERVER_JS], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise<void>((resolve, reject) => {
    // A server too slow to start is stopped, not left running after its test file.
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`lsk did not start in 30 s:\n${out}`));
    }, 30_000);
    const check = () => {
      if (out.includes('"msg":"lsk listening"')) {
        clearTimeout(timer);
        resolve();
      }
    };
    proc.stdout!.on('data', check);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`lsk exited with ${code} before listening:\n${out}`));
    });
  });
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const lsk: Lsk = {
    base: `http://127.0.0.1:${port}`,
    port,
    env,
    proc,
    output: () => out,
    cli: (args) => runCli(args, env),
    async workspace(slug, planArgs = []) {
      // Seeding, not a test of the CLI: its commands, run in this process (cli-in-process.ts).
      await cliLines(['workspace', 'create', slug, ...planArgs], env);
      return (await cliLines(['key', 'create', '--workspace', slug], env)).at(-1)!;
    },
    async stop(signal = 'SIGTERM') {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      const code = await exited;
      await closeCliServices(env);
      db.cleanup();
      return code;
    },
  };
  return lsk;
}

export interface ApiResponse<T = any> {
  // eslint-disable-line @typescript-eslint/no-explicit-any
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A tiny client: JSON in, JSON out, the key in the Authorization header. */
export function client(base: string, key?: string) {
  return async function call<T = any>(
    // eslint-disable-line @typescript-eslint/no-explicit-any
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const h: Record<string, string> = { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers };
    let payload: string | undefined;
    if (body !== undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body);
      h['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${base}${path}`, { method, headers: h, body: payload, redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  };
}

export interface Visit {
  status: number;
  location: string | null;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw GET/HEAD with any Host header (fetch cannot set Host), as a visitor's browser would send. */
export function visit(base: string, path: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET'): Promise<Visit> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: u.hostname, port: Number(u.port), path, method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: (res.headers.location as string | undefined) ?? null, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
