/**
 * Start-up of the real server process (node dist/src/main.js, what `npm start` runs) from a copy
 * of the installation: `.env` read from the project root without overriding the environment, a
 * relative `file:` path resolved against the project root (not the current directory), and every
 * start-up failure as exactly one line on stderr (no stack trace) with a non-zero exit status.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, type Install, installCopy, type Run, runNode, startServer } from '../support/install.js';
import { freePort } from '../support/server.js';

let app: Install;
let elsewhere: string;

beforeAll(() => {
  app = installCopy();
  elsewhere = mkdtempSync(join(tmpdir(), 'lsk-cwd-'));
});

afterAll(() => {
  app?.cleanup();
  rmSync(elsewhere, { recursive: true, force: true });
});

/** The arguments the process runs with now, after node (it may have restarted itself: src/main.ts). */
function nodeArgs(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).slice(1);
}

/** Exactly one `lsk: …` line on stderr, nothing on stdout, the given exit status. */
function expectOneLineFailure(r: Run, code: number, line: RegExp): void {
  expect(r.stderr, 'one line on stderr').toMatch(/^lsk: [^\n]+\n$/);
  expect(r.stderr).toMatch(line);
  expect(r.stderr, 'no stack trace').not.toMatch(/\bat .+:\d+:\d+/);
  expect(r.stdout).toBe('');
  expect(r.code).toBe(code);
}

describe('settings', () => {
  it('reads .env from the project root; variables already set win; a relative file: path is under the project root', async () => {
    const [fromFile, fromEnv] = [await freePort(), await freePort()];
    writeFileSync(
      join(app.root, '.env'),
      `# settings for this installation\nPORT=${fromFile}\nLSK_DEFAULT_DOMAIN=short.example\nDATABASE_URL=file:./var/lsk.db\nLSK_SEMI_SPACE_MB=8\n`,
    );
    try {
      const lsk = await startServer(app.server, { cwd: elsewhere, env: cleanEnv({ PORT: String(fromEnv), HOST: '127.0.0.1' }) });
      try {
        const listening = JSON.parse(
          lsk
            .output()
            .split('\n')
            .find((l) => l.includes('"msg":"lsk listening"'))!,
        );
        expect(listening).toMatchObject({ port: fromEnv, default_domain: 'short.example', store: 'sqlite' });
        expect((await fetch(`http://127.0.0.1:${fromEnv}/healthz`)).status).toBe(200);
        expect(existsSync(join(app.root, 'var/lsk.db')), 'database under the project root').toBe(true);
        expect(existsSync(join(elsewhere, 'var')), 'nothing created in the current directory').toBe(false);
        expect(nodeArgs(lsk.proc.pid!), 'restarted with the young generation cap from .env').toEqual(['--max-semi-space-size=8', app.server]);
      } finally {
        await lsk.stop();
      }
    } finally {
      rmSync(join(app.root, '.env'));
    }
  });

  it("without DATABASE_URL the database is the project root's data/lsk.db, whatever the current directory", async () => {
    const port = await freePort();
    const lsk = await startServer(app.server, { cwd: elsewhere, env: cleanEnv({ PORT: String(port), HOST: '127.0.0.1' }) });
    const args = nodeArgs(lsk.proc.pid!);
    await lsk.stop();
    expect(args, 'the default young generation cap').toEqual(['--max-semi-space-size=16', app.server]);
    expect(existsSync(join(app.root, 'data/lsk.db'))).toBe(true);
    expect(existsSync(join(elsewhere, 'data'))).toBe(false);
  });

  it('an unreadable .env stops start-up in one line (exit 2)', async () => {
    mkdirSync(join(app.root, '.env'));
    try {
      const r = await runNode(app.server, [], { cwd: elsewhere, env: cleanEnv({ PORT: String(await freePort()) }) });
      expectOneLineFailure(r, 2, /^lsk: cannot read .*\.env: /);
    } finally {
      rmSync(join(app.root, '.env'), { recursive: true });
    }
  });
});

describe('start-up failures: one line, non-zero exit', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'lsk-startup-'));
    writeFileSync(join(dir, 'a-file'), 'not a directory, not a database\n');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const run = async (env: Record<string, string>) =>
    runNode(app.server, [], {
      cwd: elsewhere,
      env: cleanEnv({ PORT: String(await freePort()), HOST: '127.0.0.1', DATABASE_URL: `file:${join(dir, 'lsk.db')}`, ...env }),
    });

  it('a busy port', async () => {
    const blocker: Server = createServer();
    const port = await new Promise<number>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)));
    try {
      const r = await run({ PORT: String(port) });
      expect(r.stderr).toBe(`lsk: cannot listen on 127.0.0.1:${port}: the port is already in use (set PORT to another)\n`);
      expectOneLineFailure(r, 1, /already in use/);
    } finally {
      blocker.close();
    }
  });

  it.each([
    [{ PORT: 'eighty' }, /^lsk: invalid configuration: PORT: /],
    [{ LSK_REDIRECT_STATUS: '200' }, /LSK_REDIRECT_STATUS/],
    [{ DATABASE_URL: 'postgres://localhost/lsk' }, /DATABASE_URL/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
  ])('an invalid setting %j (exit 2)', async (env, line) => {
    expectOneLineFailure(await run(env), 2, line);
  });

  it('a data directory that cannot be created', async () => {
    const r = await run({ DATABASE_URL: `file:${join(dir, 'a-file', 'data', 'lsk.db')}` });
    expectOneLineFailure(r, 1, /^lsk: cannot open the SQLite database .*a-file\/data\/lsk\.db: a part of the path is a file, not a directory/);
  });

  it('a database path that is a directory', async () => {
    mkdirSync(join(dir, 'dir.db'));
    expectOneLineFailure(await run({ DATABASE_URL: `file:${join(dir, 'dir.db')}` }), 1, /^lsk: cannot open the SQLite database .*dir\.db: /);
  });

  it('a file that is not an SQLite database', async () => {
    expectOneLineFailure(await run({ DATABASE_URL: `file:${join(dir, 'a-file')}` }), 1, /not an SQLite database \(check DATABASE_URL\)/);
  });

  it('an unreachable MongoDB, within a few seconds', async () => {
    const port = await freePort();
    const started = Date.now();
    const r = await run({ DATABASE_URL: `mongodb://lsk:secret@127.0.0.1:${port}/lsk` });
    expectOneLineFailure(r, 1, new RegExp(`^lsk: cannot reach MongoDB at 127\\.0\\.0\\.1:${port} within 5 s`));
    expect(r.stderr, 'no password in the message').not.toContain('secret');
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('a malformed MongoDB URL (exit 2)', async () => {
    expectOneLineFailure(await run({ DATABASE_URL: 'mongodb://[broken/lsk' }), 2, /^lsk: invalid DATABASE_URL: /);
  });

  it('a missing country database', async () => {
    expectOneLineFailure(
      await run({ LSK_GEOIP_DB: join(dir, 'missing.mmdb') }),
      1,
      /^lsk: cannot read LSK_GEOIP_DB .*missing\.mmdb: no such file or directory/,
    );
  });
});

describe('the start line for people', () => {
  /** Start the server, wait until it listens, stop it; its stdout and stderr apart. */
  async function startAndStop(env: Record<string, string>): Promise<{ stdout: string; stderr: string; port: number }> {
    const port = await freePort();
    const proc = spawn(process.execPath, [app.server], {
      cwd: elsewhere,
      env: cleanEnv({ PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: 'file::memory:', ...env }),
    });
    let stdout = '';
    let stderr = '';
    proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    await new Promise<void>((resolve, reject) => {
      proc.stdout.on('data', (d: Buffer) => {
        stdout += d.toString();
        if (stdout.includes('"msg":"lsk listening"')) resolve();
      });
      proc.on('exit', (code) => reject(new Error(`exited with ${code}: ${stderr}`)));
    });
    // Everything it wrote has arrived once its pipes close (stderr and stdout pipes are synchronous).
    const closed = new Promise((resolve) => proc.on('close', resolve));
    proc.kill('SIGTERM');
    await closed;
    return { stdout, stderr, port };
  }

  it('names the dashboard, the API docs and how to make the first user, on stderr; stdout stays JSON lines', async () => {
    const { stdout, stderr, port } = await startAndStop({});
    expect(stderr).toBe(
      `lsk is running: dashboard http://localhost:${port}/dashboard, API docs http://localhost:${port}/docs; ` +
        'first user: npx lsk workspace create acme, then npx lsk user create you@example.com --workspace acme\n',
    );
    for (const line of stdout.trim().split('\n')) expect(() => JSON.parse(line), line).not.toThrow();
  });

  it('uses LSK_PUBLIC_URL', async () => {
    const { stderr } = await startAndStop({ LSK_PUBLIC_URL: 'https://links.example.com' });
    expect(stderr).toMatch(/^lsk is running: dashboard https:\/\/links\.example\.com\/dashboard, API docs https:\/\/links\.example\.com\/docs; /);
  });

  it('is not printed with LOG_FORMAT=json', async () => {
    const { stdout, stderr } = await startAndStop({ LOG_FORMAT: 'json' });
    expect(stderr).toBe('');
    expect(stdout).toContain('"msg":"lsk listening"');
  });
});
