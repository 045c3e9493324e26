/**
 * The Dockerfile's steps, run for real without a Docker daemon (none exists here) under the slim
 * image's constraints: each stage in its own empty folder holding only what its COPY lines bring
 * (the image's /app mapped onto that folder, /usr/local/bin onto a temp one), its RUN lines in sh
 * with no python3, make or C/C++ compiler on PATH, `npm ci` from the committed lockfile. Then the
 * image's CMD starts the server from the final folder with the image's ENV, and the `lsk` command
 * the image puts on PATH is run from another directory against it.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDockerfile, type Stage } from '../support/dockerfile.js';
import { BUILD_TOOLS, pathWithoutBuildTools } from '../support/no-compilers.js';
import { freePort } from '../support/server.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const stages: Stage[] = readDockerfile(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));

interface Ran {
  code: number;
  out: string;
}

function sh(script: string, cwd: string, env: Record<string, string>, timeout = 2_400_000): Promise<Ran> {
  return new Promise((resolve) => {
    execFile('sh', ['-c', script], { cwd, env, timeout, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      // npm's peer-dependency warnings are many and say nothing here.
      const errors = String(stderr)
        .split('\n')
        .filter((l) => !l.startsWith('npm warn'))
        .join('\n');
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: `${stdout}\n${errors}` });
    });
  });
}

/**
 * How this machine reaches the registry (its proxy, its CA certificates): the machine's, not the
 * image's, so passed through. Without NODE_EXTRA_CA_CERTS on a machine that inspects TLS, every
 * registry request of `npm ci` failed three times before npm fell back to its cache: 19 minutes
 * instead of 2.
 */
function network(): Record<string, string> {
  const names = /^(NODE_EXTRA_CA_CERTS|SSL_CERT_FILE|SSL_CERT_DIR|(HTTPS?|NO)_PROXY|(https?|no)_proxy|npm_config_(cafile|registry|proxy|https_proxy))$/;
  return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => names.test(e[0]) && e[1] !== undefined));
}

let work: string;
let binDir: string;
let env: Record<string, string>;
/** Each stage's folder (its /app), by stage name; the final stage under "final". */
const dirs = new Map<string, string>();
/** Every RUN line with its output and exit status. */
const runs: { stage: string; args: string; ran: Ran }[] = [];
/** The final stage's ENV. */
const imageEnv: Record<string, string> = {};

async function buildStage(stage: Stage, name: string): Promise<void> {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  dirs.set(name, dir);
  const mapped = (s: string) => s.replaceAll('/usr/local/bin', binDir).replaceAll('/app', dir);
  for (const step of stage.instructions) {
    if (step.op === 'WORKDIR') expect(step.args).toBe('/app');
    if (step.op === 'ENV' && name === 'final') {
      for (const m of step.args.matchAll(/(\w+)=(\S+)/g)) imageEnv[m[1]!] = m[2]!;
    }
    if (step.op === 'COPY') {
      const words = step.args.split(' ');
      const from = words[0]!.startsWith('--from=') ? dirs.get(words.shift()!.slice('--from='.length)) : ROOT;
      expect(from, step.args).toBeDefined();
      const dest = join(dir, words.pop()!);
      for (const src of words) {
        const target = words.length > 1 || dest.endsWith('/') ? join(dest, src.split('/').at(-1)!) : dest;
        const source = src.startsWith('/app/') ? join(from!, src.slice('/app/'.length)) : join(from!, src);
        // An earlier stage's folder is not read again: its parts move rather than being copied
        // (node_modules is some 50,000 files); the repository's files are copied.
        if (from === ROOT) cpSync(source, target, { recursive: true });
        else {
          mkdirSync(dirname(target), { recursive: true });
          renameSync(source, target);
        }
      }
    }
    if (step.op === 'RUN') {
      const started = Date.now();
      const ran = await sh(mapped(step.args), dir, env);
      console.log(`${name}: RUN ${step.args.split('\n')[0]}: exit ${ran.code} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
      runs.push({ stage: name, args: step.args, ran });
      expect(ran.code, `${name}: RUN ${step.args}\n${ran.out.slice(-4000)}`).toBe(0);
    }
  }
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'lsk-docker-'));
  binDir = join(work, 'usr-local-bin');
  mkdirSync(binDir);
  const path = `${binDir}:${pathWithoutBuildTools(join(work, 'path'))}`;
  env = { PATH: path, HOME: process.env.HOME ?? work, npm_config_update_notifier: 'false', ...network() };
  for (const [i, stage] of stages.entries()) await buildStage(stage, i === stages.length - 1 ? 'final' : (stage.name ?? `stage${i}`));
}, 2_700_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
}, 600_000);

describe('the Dockerfile, built without a daemon', () => {
  it('had no build tools on PATH (as in node:24-bookworm-slim)', async () => {
    const r = await sh('command -v python3 || command -v python || command -v make || command -v g++ || command -v cc || echo none', work, env);
    expect(r.out.trim()).toBe('none');
    expect(BUILD_TOOLS.test('x86_64-linux-gnu-g++-12')).toBe(true);
  });

  it('installed from the lockfile with npm ci, and nothing ran node-gyp', () => {
    expect(runs.some((r) => /\bnpm ci\b/.test(r.args))).toBe(true);
    for (const r of runs) expect(r.ran.out, r.args).not.toMatch(/gyp (ERR|info)|node-gyp rebuild|find Python/);
  });

  it('the image holds the prebuilt SQLite binary (nothing compiled), the build, and no dev dependencies', () => {
    const final = dirs.get('final')!;
    const sqlite = join(final, 'node_modules/better-sqlite3');
    expect(existsSync(join(sqlite, 'prebuilds/linux-x64.node'))).toBe(true);
    expect(existsSync(join(sqlite, 'build')), 'no node-gyp build folder').toBe(false);
    expect(existsSync(join(final, 'dist/src/main.js'))).toBe(true);
    expect(existsSync(join(final, 'dist/dashboard/index.html'))).toBe(true);
    for (const dev of ['typescript', 'vite', 'vitest', '@biomejs/biome']) expect(existsSync(join(final, 'node_modules', dev)), dev).toBe(false);
    expect(existsSync(join(final, 'data')), 'the data folder the volume mounts').toBe(true);
    expect(existsSync(join(binDir, 'lsk')), 'lsk on PATH').toBe(true);
  });

  describe('started with its CMD and ENV', () => {
    let proc: ChildProcess;
    let out = '';
    let port: number;
    let runEnv: Record<string, string>;
    beforeAll(async () => {
      const final = dirs.get('final')!;
      const cmd = stages
        .at(-1)!
        .instructions.filter((i) => i.op === 'CMD')
        .at(-1)!.exec!;
      expect(cmd[0]).toBe('node');
      port = await freePort();
      runEnv = { ...env, ...imageEnv, PORT: String(port), HOST: '127.0.0.1', LSK_DEFAULT_DOMAIN: `localhost:${port}` };
      proc = spawn(process.execPath, cmd.slice(1), { cwd: final, env: runEnv, stdio: ['ignore', 'pipe', 'pipe'] });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "lsk listening" in 60 s:\n${out}`)), 60_000);
        const onData = (d: Buffer) => {
          out += d.toString();
          if (out.includes('"msg":"lsk listening"')) {
            clearTimeout(timer);
            resolve();
          }
        };
        proc.stdout!.on('data', onData);
        proc.stderr!.on('data', onData);
        proc.on('exit', (code) => reject(new Error(`exited with ${code}:\n${out}`)));
      });
    }, 90_000);
    afterAll(() => {
      proc?.kill('SIGTERM');
    });

    it('answers /healthz, the dashboard and the API docs', async () => {
      for (const path of ['/healthz', '/dashboard/', '/docs']) expect((await fetch(`http://127.0.0.1:${port}${path}`)).status, path).toBe(200);
    });

    it('the lsk command on PATH works from another directory, on the server store, and the key it issues works', async () => {
      const elsewhere = mkdtempSync(join(tmpdir(), 'lsk-docker-cwd-'));
      try {
        const ws = await sh('lsk workspace create acme', elsewhere, runEnv, 60_000);
        expect(ws.code, ws.out).toBe(0);
        expect(ws.out).toContain(`lsk: using SQLite ${join(dirs.get('final')!, 'data/lsk.db')}`);
        const key = await sh('lsk key create --workspace acme | tail -1', elsewhere, runEnv, 60_000);
        expect(key.code, key.out).toBe(0);
        const res = await fetch(`http://127.0.0.1:${port}/v1/links`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key.out.trim().split('\n')[0]}`, 'content-type': 'application/json' },
          body: JSON.stringify({ destination: 'https://example.com/from-the-image' }),
        });
        expect(res.status).toBe(201);
      } finally {
        rmSync(elsewhere, { recursive: true, force: true });
      }
    }, 180_000);
  });
});
