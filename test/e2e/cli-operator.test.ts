/**
 * The lsk CLI as an operator's tool, run as a real process: the project's database from any
 * directory (settings and .env as the server reads them), the database named on stderr, no new
 * SQLite database without --init, --version and --help on every command, exit statuses 0/1/2, the
 * list and remove commands on both stores, and `lsk backup` (online; the copy restores).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKey, Domain, Workspace } from '../../src/generated/graphql.js';
import { cleanEnv, type Install, installCopy, type Run, runNode, startServer } from '../support/install.js';
import { CLI_JS, client, freePort, freshDatabaseUrl, STORES, startLsk } from '../support/server.js';

const COMMAND_NAMES = [
  'workspace create',
  'workspace set-plan',
  'workspace list',
  'workspace delete',
  'key create',
  'key list',
  'key revoke',
  'domain add',
  'domain list',
  'domain remove',
  'backup',
  'import bitly',
  'mcp',
];
const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'lsk-cli-op-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const lskIn = (cwd: string, env: Record<string, string>) => (args: string[]) => runNode(CLI_JS, args, { cwd, env: cleanEnv(env) });

function expectOk(r: Run, database: string): void {
  expect(r.stderr, 'stderr names the database, nothing else').toBe(`lsk: using ${database}\n`);
  expect(r.code).toBe(0);
}

function expectFailure(r: Run, code: 1 | 2, reason: RegExp): void {
  expect(r.stderr, 'exactly one line on stderr').toMatch(/^lsk: [^\n]+\n$/);
  expect(r.stderr).toMatch(reason);
  expect(r.code).toBe(code);
}

describe.each(STORES)('list and remove commands on %s', (kind) => {
  let db: { url: string; cleanup: () => void };
  let lsk: (args: string[]) => Promise<Run>;
  let database: string;
  const json = <T>(r: Run) => JSON.parse(r.last) as T;

  beforeAll(() => {
    db = freshDatabaseUrl(kind);
    lsk = lskIn(scratch, { DATABASE_URL: db.url });
    database = kind === 'sqlite' ? `SQLite ${db.url.slice('file:'.length)}` : `MongoDB ${db.url}`;
  });
  afterAll(() => db.cleanup());

  it('workspace list: every workspace, oldest first, as {"data": [...]}', async () => {
    expectOk(await lsk(['workspace', 'create', 'alpha', '--init']), database);
    expectOk(await lsk(['workspace', 'create', 'beta', '--rpm', '42']), database);
    const r = await lsk(['workspace', 'list']);
    expectOk(r, database);
    const data = json<{ data: Workspace[] }>(r).data;
    expect(data).toEqual([
      { id: expect.stringMatching(/^wsp_/), slug: 'alpha', plan: 'standard', rate_limit_rpm: 100, require_2fa: false },
      { id: expect.stringMatching(/^wsp_/), slug: 'beta', plan: 'custom', rate_limit_rpm: 42, require_2fa: false },
    ]);
    expect(r.stdout).toMatch(/^alpha +standard +100 +wsp_/m);
  });

  it("key list: the workspace's keys only, newest first, revoked ones marked, no secret", async () => {
    const empty = await lsk(['key', 'list', '--workspace', 'alpha']);
    expectOk(empty, database);
    expect(json(empty)).toEqual({ data: [] });
    const first = await lsk(['key', 'create', '--workspace', 'alpha', '--name', 'ci']);
    const second = await lsk(['key', 'create', '--workspace', 'alpha', '--name', 'laptop']);
    expectOk(await lsk(['key', 'create', '--workspace', 'beta', '--name', 'other']), database);
    const ciId = /created key (key_\S+)/.exec(first.stdout)![1]!;
    expectOk(await lsk(['key', 'revoke', ciId]), database);
    const r = await lsk(['key', 'list', '--workspace', 'alpha']);
    expectOk(r, database);
    const keys = json<{ data: ApiKey[] }>(r).data;
    expect(keys.map((k) => k.name)).toEqual(['laptop', 'ci']);
    expect(keys[1]).toMatchObject({ id: ciId, revoked_at: expect.stringMatching(/Z$/) });
    expect(keys[0]!.revoked_at).toBeNull();
    expect(Object.keys(keys[0]!).sort()).toEqual(['created_at', 'domains', 'expires_at', 'id', 'last_used_at', 'name', 'revoked_at', 'scopes', 'tags']);
    expect(r.stdout).not.toContain('lsk_live_');
    expect(r.stdout).not.toContain(second.last);
    // Seven CLI processes: past 30 s on a busy two-core machine, like the next test.
  }, 90_000);

  it('domain list and remove', async () => {
    expectOk(await lsk(['domain', 'add', 'go.alpha.example', '--workspace', 'alpha']), database);
    expectOk(await lsk(['domain', 'add', 'b.alpha.example', '--workspace', 'alpha']), database);
    const listed = await lsk(['domain', 'list', '--workspace', 'alpha']);
    expectOk(listed, database);
    expect(json<{ data: Domain[] }>(listed).data.map((d) => d.host)).toEqual(['go.alpha.example', 'b.alpha.example']);
    expect(json<{ data: Domain[] }>(await lsk(['domain', 'list', '--workspace', 'beta'])).data).toEqual([]);

    // Another workspace's domain is "not found", and the failure names the database searched.
    const foreign = await lsk(['domain', 'remove', 'go.alpha.example', '--workspace', 'beta']);
    expectFailure(foreign, 1, /not found in (SQLite|MongoDB) /);
    expect(foreign.stderr).toContain(database);

    const removed = await lsk(['domain', 'remove', 'GO.alpha.example', '--workspace', 'alpha']);
    expectOk(removed, database);
    expect(json(removed)).toEqual({ host: 'go.alpha.example', workspace: 'alpha' });
    expect(json<{ data: Domain[] }>(await lsk(['domain', 'list', '--workspace', 'alpha'])).data.map((d) => d.host)).toEqual(['b.alpha.example']);
    expectFailure(await lsk(['domain', 'remove', 'go.alpha.example', '--workspace', 'alpha']), 1, /not found/);
    expectFailure(await lsk(['domain', 'remove', 'not a host', '--workspace', 'alpha']), 1, /invalid host/);
    // Nine CLI processes, each loading the whole service: past 30 s on a busy two-core machine.
  }, 90_000);

  it.each([
    [['key', 'list'], /missing --workspace <slug> for "lsk key list"/],
    [['domain', 'list'], /missing --workspace/],
    [['domain', 'remove', '--workspace', 'alpha'], /missing <host>/],
    [['workspace', 'list', 'extra'], /unexpected argument "extra"/],
    [['workspace', 'list', '--name', 'x'], /takes no --name/],
    [['backup', 'x.db', '--init'], /takes no --init/],
  ])('usage errors exit 2: lsk %j', async (args, reason) => {
    expectFailure(await lsk(args), 2, reason);
  });

  it('an unknown workspace exits 1', async () => {
    expectFailure(await lsk(['key', 'list', '--workspace', 'nope']), 1, /Workspace "nope" not found in /);
  });
});

describe('the project database from any directory', () => {
  let app: Install;
  let elsewhere: string;
  beforeAll(() => {
    app = installCopy();
    elsewhere = mkdtempSync(join(tmpdir(), 'lsk-elsewhere-'));
  });
  afterAll(() => {
    app.cleanup();
    rmSync(elsewhere, { recursive: true, force: true });
  });
  const lsk = (args: string[], env: Record<string, string> = {}) => runNode(app.cli, args, { cwd: elsewhere, env: cleanEnv(env) });

  it("reaches the server's default ./data/lsk.db: keys it issues work against the server", async () => {
    const port = await freePort();
    // As `npm start` runs it: from the project root, with no DATABASE_URL.
    const server = await startServer(app.server, { cwd: app.root, env: cleanEnv({ PORT: String(port), HOST: '127.0.0.1' }) });
    try {
      const database = `SQLite ${join(app.root, 'data/lsk.db')}`;
      expectOk(await lsk(['workspace', 'create', 'acme']), database);
      const key = await lsk(['key', 'create', '--workspace', 'acme']);
      expectOk(key, database);
      const ws = await client(`http://127.0.0.1:${port}`, key.last)<Workspace>('GET', '/v1/workspace');
      expect(ws.status).toBe(200);
      expect(ws.body.slug).toBe('acme');
      expect(existsSync(join(elsewhere, 'data')), 'no second database in the current directory').toBe(false);
    } finally {
      await server.stop();
    }
  });

  it("reads the project's .env (relative to the project root), the environment winning", async () => {
    writeFileSync(join(app.root, '.env'), 'DATABASE_URL=file:./var/second.db\n');
    try {
      const second = join(app.root, 'var/second.db');
      expectFailure(await lsk(['workspace', 'list']), 1, new RegExp(`^lsk: no database at ${second}: .*--init`));
      expectOk(await lsk(['workspace', 'create', 'other', '--init']), `SQLite ${second}`);
      const viaEnv = await lsk(['workspace', 'list'], { DATABASE_URL: 'file:./data/lsk.db' });
      expectOk(viaEnv, `SQLite ${join(app.root, 'data/lsk.db')}`);
      expect(JSON.parse(viaEnv.last).data.map((w: Workspace) => w.slug)).toEqual(['acme']);
    } finally {
      rmSync(join(app.root, '.env'));
    }
  });
});

describe('--init', () => {
  it('without it no SQLite database is created: one line naming the path, exit 1', async () => {
    const path = join(scratch, 'new', 'lsk.db');
    const lsk = lskIn(scratch, { DATABASE_URL: `file:${path}` });
    for (const args of [
      ['workspace', 'create', 'x'],
      ['workspace', 'list'],
      ['key', 'list', '--workspace', 'x'],
      ['backup', 'b.db'],
    ]) {
      expectFailure(await lsk(args), 1, new RegExp(`^lsk: no database at ${path}`));
    }
    expect(existsSync(join(scratch, 'new')), 'not even its folder').toBe(false);
    const created = await lsk(['workspace', 'create', 'x', '--init']);
    expectOk(created, `SQLite ${path}`);
    expect(existsSync(path)).toBe(true);
    expectOk(await lsk(['workspace', 'list']), `SQLite ${path}`);
  });
});

describe('--version and --help', () => {
  const untouched = join(tmpdir(), `lsk-never-${process.pid}.db`);
  const lsk = (args: string[]) => lskIn(tmpdir(), { DATABASE_URL: `file:${untouched}` })(args);

  it.each([['--version'], ['-V']])('%s prints the version', async (flag) => {
    expect(await lsk([flag])).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: '', last: VERSION });
  });

  it('lsk --help lists every command, the exit statuses and where settings come from', async () => {
    const r = await lsk(['--help']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    for (const name of COMMAND_NAMES) expect(r.stdout).toContain(`lsk ${name}`);
    expect(r.stdout).toMatch(/Exit status: 0 success; 1 failure .*; 2 usage error/s);
    expect(r.stdout).toContain('.env');
  });

  it.each(COMMAND_NAMES)('lsk %s --help', async (name) => {
    for (const args of [
      [...name.split(' '), '--help'],
      [...name.split(' '), '-h'],
      ['help', ...name.split(' ')],
    ]) {
      const r = await lsk(args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout).toMatch(new RegExp(`^usage: lsk ${name}\\b`));
      expect(r.stdout).toMatch(/\noptions:\n/);
      expect(r.stdout).toMatch(/Exit status: 0 success/);
    }
  });

  it('lsk key --help lists the key commands; help opens no database', async () => {
    const r = await lsk(['key', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/lsk key create[\s\S]*lsk key list[\s\S]*lsk key revoke/);
    expect(existsSync(untouched)).toBe(false);
  });
});

describe('lsk backup', () => {
  it('copies the live SQLite store; the copy opens, holds the workspace and serves as a restored database', async () => {
    const live = await startLsk('sqlite');
    const dir = join(scratch, 'backups');
    mkdirSync(dir);
    try {
      const key = await live.workspace('acme');
      const link = await client(live.base, key)('POST', '/v1/links', { destination: 'https://example.com/kept', alias: 'kept' });
      expect(link.status).toBe(201);
      const lsk = lskIn(dir, { DATABASE_URL: live.env.DATABASE_URL! });
      const database = `SQLite ${live.env.DATABASE_URL!.slice('file:'.length)}`;

      const r = await lsk(['backup', 'snapshot.db']);
      expectOk(r, database);
      const file = join(dir, 'snapshot.db');
      expect(JSON.parse(r.last)).toEqual({ backup: file, database: database.slice('SQLite '.length), bytes: statSync(file).size });

      const copy = new Database(file, { readonly: true, fileMustExist: true });
      try {
        expect(copy.prepare('SELECT slug, plan FROM workspaces').all()).toEqual([{ slug: 'acme', plan: 'standard' }]);
        expect(copy.prepare('SELECT alias FROM links').all()).toEqual([{ alias: 'kept' }]);
      } finally {
        copy.close();
      }

      const before = statSync(file).mtimeMs;
      expectFailure(await lsk(['backup', 'snapshot.db']), 1, /snapshot\.db already exists/);
      expect(statSync(file).mtimeMs).toBe(before);
      expectFailure(await lsk(['backup', 'missing-folder/s.db']), 1, /folder .*missing-folder does not exist/);

      const fromCopy = await lskIn(dir, { DATABASE_URL: `file:${file}` })(['workspace', 'list']);
      expect(JSON.parse(fromCopy.last).data.map((w: Workspace) => w.slug)).toEqual(['acme']);
      const restored = await startLsk('sqlite', { databaseUrl: `file:${file}` });
      try {
        const got = await client(restored.base, key)('GET', `/v1/links/${link.body.id}`);
        expect(got.status, 'the old key and link work on the restored copy').toBe(200);
        expect(got.body.alias).toBe('kept');
      } finally {
        await restored.stop();
      }
    } finally {
      await live.stop();
    }
  });

  it('on MongoDB: one line pointing to mongodump, nothing written', async () => {
    const db = freshDatabaseUrl('mongodb');
    const r = await lskIn(scratch, { DATABASE_URL: db.url })(['backup', 'mongo.db']);
    expectFailure(r, 1, /MongoDB: use mongodump/);
    expect(existsSync(join(scratch, 'mongo.db'))).toBe(false);
  });
});
