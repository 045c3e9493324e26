/**
 * The real `lsk` bin (bin/lsk.js -> dist) against a temp SQLite DATABASE_URL, with a real server on
 * the same store to prove what the CLI did: workspaces and plans, keys that authenticate and stop
 * working once revoked, domains; and every failure exits non-zero with exactly one line on stderr
 * and changes nothing.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKey, ApiKeyList, Domain, DomainList, Workspace } from '../../src/generated/graphql.js';
import { type CliResult, client, freshDatabaseUrl, type Lsk, runCli, startLsk } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';

const KEY = /^lsk_live_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

let db: { url: string; cleanup: () => void };
let env: Record<string, string>;
let lsk: Lsk;
const cli = (...args: string[]) => runCli(args, env);

function json<T>(r: CliResult): T {
  return JSON.parse(r.last) as T;
}

/** Success: exit 0, stderr names the database used (nothing else), the result on the last line of stdout. */
function expectOk(r: CliResult): void {
  expect(r.stderr, `stderr of a successful command`).toBe(`lsk: using SQLite ${db.url.slice('file:'.length)}\n`);
  expect(r.code, r.stderr).toBe(0);
  expect(r.last).not.toBe('');
}

/** Failure: non-zero exit, exactly one "lsk: reason" line on stderr, no result on stdout. */
function expectFailure(r: CliResult, reason?: RegExp): void {
  expect(r.code, `exit status (stdout: ${r.stdout})`).not.toBe(0);
  expect(r.stderr, 'exactly one line on stderr').toMatch(/^lsk: [^\n]+\n$/);
  if (reason) expect(r.stderr).toMatch(reason);
  expect(r.stdout, 'no result on stdout').not.toMatch(/lsk_live_|^\{/m);
}

beforeAll(async () => {
  db = freshDatabaseUrl('sqlite');
  env = { DATABASE_URL: db.url, LOG_LEVEL: 'warn' };
  lsk = await startLsk('sqlite', { databaseUrl: db.url });
}, 60_000);

afterAll(async () => {
  await lsk?.stop();
  db?.cleanup();
});

describe('lsk workspace', () => {
  it('creates a standard workspace by default (JSON on the last line)', async () => {
    const r = await cli('workspace', 'create', 'acme');
    expectOk(r);
    expect(json<Workspace>(r)).toEqual({
      id: expect.stringMatching(/^wsp_[A-Za-z0-9]+$/),
      slug: 'acme',
      plan: 'standard',
      rate_limit_rpm: 100,
      require_2fa: false,
    });
  });

  it('creates advanced and custom (--rpm) workspaces', async () => {
    const adv = await cli('workspace', 'create', 'bigco', '--plan', 'advanced');
    expectOk(adv);
    expect(json<Workspace>(adv)).toMatchObject({ slug: 'bigco', plan: 'advanced', rate_limit_rpm: 500 });
    const std = await cli('workspace', 'create', 'smallco', '--plan', 'standard');
    expectOk(std);
    expect(json<Workspace>(std)).toMatchObject({ slug: 'smallco', plan: 'standard', rate_limit_rpm: 100 });
    const custom = await cli('workspace', 'create', 'custco', '--rpm', '42');
    expectOk(custom);
    expect(json<Workspace>(custom)).toMatchObject({ slug: 'custco', plan: 'custom', rate_limit_rpm: 42 });
  });

  it('set-plan switches between plans and custom limits', async () => {
    const toAdvanced = await cli('workspace', 'set-plan', 'smallco', '--plan', 'advanced');
    expectOk(toAdvanced);
    expect(json<Workspace>(toAdvanced)).toMatchObject({ slug: 'smallco', plan: 'advanced', rate_limit_rpm: 500 });
    const toCustom = await cli('workspace', 'set-plan', 'smallco', '--rpm', '250');
    expectOk(toCustom);
    expect(json<Workspace>(toCustom)).toMatchObject({ slug: 'smallco', plan: 'custom', rate_limit_rpm: 250 });
    const back = await cli('workspace', 'set-plan', 'smallco', '--plan', 'standard');
    expectOk(back);
    expect(json<Workspace>(back)).toMatchObject({ slug: 'smallco', plan: 'standard', rate_limit_rpm: 100 });
  });

  it('--help prints the usage and exits 0', async () => {
    const r = await cli('--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/lsk workspace create <slug>/);
    expect(r.stderr).toBe('');
  });
});

describe('lsk key and domain, seen through the server', () => {
  let key: string;
  let keyId: string;

  it('key create prints an lsk_live_ key that authenticates against the server', async () => {
    const r = await cli('key', 'create', '--workspace', 'custco', '--name', 'ci');
    expectOk(r);
    expect(r.last).toMatch(KEY);
    key = r.last;
    const api = client(lsk.base, key);
    const ws = await api<Workspace>('GET', '/v1/workspace');
    expect(ws.status).toBe(200);
    expect(ws.body).toMatchObject({ slug: 'custco', plan: 'custom', rate_limit_rpm: 42 });
    expect(ws.headers.get('ratelimit-limit')).toBe('42');
    const keys = await api<ApiKeyList>('GET', '/v1/keys');
    expect(keys.status).toBe(200);
    const mine = keys.body.data.filter((k: ApiKey) => k.name === 'ci');
    expect(mine).toHaveLength(1);
    keyId = mine[0]!.id;
    expect(keyId).toMatch(/^key_/);
    expect(r.stdout).toContain(keyId);
  });

  it('key create without --name names the key "default"', async () => {
    const r = await cli('key', 'create', '--workspace', 'custco');
    expectOk(r);
    expect(r.last).toMatch(KEY);
    const keys = await client(lsk.base, r.last)<ApiKeyList>('GET', '/v1/keys');
    expect(keys.body.data.map((k: ApiKey) => k.name).sort()).toEqual(['ci', 'default']);
  });

  it('domain add registers a host to the workspace', async () => {
    const r = await cli('domain', 'add', 'Go.Example.com', '--workspace', 'custco');
    expectOk(r);
    expect(json<Domain & { workspace: string }>(r)).toEqual({ host: 'go.example.com', workspace: 'custco', created_at: expect.stringMatching(ISO) });
    const domains = await client(lsk.base, key)<DomainList>('GET', '/v1/domains');
    expect(domains.body.data.map((d: Domain) => d.host)).toEqual(['go.example.com']);
  });

  it('key revoke makes the key answer 401 key_revoked (within 5 s on another process)', async () => {
    const r = await cli('key', 'revoke', keyId);
    expectOk(r);
    expect(json<Pick<ApiKey, 'id' | 'revoked_at'>>(r)).toEqual({ id: keyId, revoked_at: expect.stringMatching(ISO) });
    const api = client(lsk.base, key);
    const res = await waitFor(
      () => api('GET', '/v1/workspace'),
      (r) => r.status === 401,
      { timeout: 7000, interval: 250 },
    );
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('key_revoked');
  });

  it('a second revoke of the same key is refused or harmless, in one line', async () => {
    const r = await cli('key', 'revoke', keyId);
    if (r.code === 0) expectOk(r);
    else expectFailure(r);
  });
});

describe('failures: non-zero exit, one line on stderr, nothing half-done', () => {
  let api: ReturnType<typeof client>;
  let keysBefore: number;

  beforeAll(async () => {
    const k = await cli('key', 'create', '--workspace', 'acme', '--name', 'observer');
    expectOk(k);
    api = client(lsk.base, k.last);
    keysBefore = (await api<ApiKeyList>('GET', '/v1/keys')).body.data.length;
  });

  it.each([
    [['frobnicate'], /unknown command/],
    [['workspace'], /missing command/],
    [['workspace', 'rename', 'acme'], /unknown command/],
    [['key', 'create', 'surplus', '--workspace', 'acme'], /unexpected argument/],
    [['workspace', 'create', 'a', '--bogus'], /--bogus/],
    [['workspace', 'create', 'a', '--workspace', 'acme'], /--workspace/],
    [[], /no command/],
  ])('unknown command or option: lsk %j', async (args, reason) => {
    expectFailure(await cli(...args), reason);
  });

  it.each([
    [['workspace', 'create'], /<slug>/],
    [['workspace', 'set-plan'], /<slug>/],
    [['workspace', 'set-plan', 'acme'], /--plan|--rpm/],
    [['workspace', 'create', 'halfplan', '--plan'], /--plan/],
    [['key', 'create'], /--workspace/],
    [['key', 'create', '--name', 'orphan'], /--workspace/],
    [['key', 'revoke'], /<key-id>/],
    [['domain', 'add'], /<host>/],
    [['domain', 'add', 'half.example.com'], /--workspace/],
  ])('missing arguments: lsk %j', async (args, reason) => {
    expectFailure(await cli(...args), reason);
  });

  it.each([
    [['workspace', 'create', 'goldco', '--plan', 'gold'], /--plan/],
    [['workspace', 'create', 'goldco', '--plan', 'custom'], /--plan/],
    [['workspace', 'create', 'goldco', '--plan', 'advanced', '--rpm', '10'], /--plan or --rpm/],
    [['workspace', 'create', 'goldco', '--rpm', '0'], /--rpm/],
    [['workspace', 'create', 'goldco', '--rpm', 'lots'], /--rpm/],
    [['workspace', 'create', 'goldco', '--rpm', '2.5'], /--rpm/],
    [['workspace', 'create', 'Gold Co'], /slug/],
    [['workspace', 'set-plan', 'acme', '--plan', 'gold'], /--plan/],
    [['workspace', 'set-plan', 'acme', '--rpm', '-5'], /--rpm/],
  ])('bad plan or slug: lsk %j', async (args, reason) => {
    expectFailure(await cli(...args), reason);
  });

  it('bad plans created and changed nothing', async () => {
    const ws = await api<Workspace>('GET', '/v1/workspace');
    expect(ws.body).toMatchObject({ slug: 'acme', plan: 'standard', rate_limit_rpm: 100 });
    // "goldco" was never half-created: the slug is still free.
    expectOk(await cli('workspace', 'create', 'goldco'));
  });

  it('duplicate slug: refused, the existing workspace untouched', async () => {
    expectFailure(await cli('workspace', 'create', 'acme', '--plan', 'advanced'), /already exists/);
    const ws = await api<Workspace>('GET', '/v1/workspace');
    expect(ws.body).toMatchObject({ slug: 'acme', plan: 'standard', rate_limit_rpm: 100 });
  });

  it.each([
    [['key', 'create', '--workspace', 'nope']],
    [['workspace', 'set-plan', 'nope', '--plan', 'advanced']],
    [['domain', 'add', 'nope.example.com', '--workspace', 'nope']],
  ])('unknown workspace: lsk %j', async (args) => {
    expectFailure(await cli(...args), /nope/);
  });

  it('unknown key id on revoke', async () => {
    expectFailure(await cli('key', 'revoke', 'key_doesnotexist'), /not found/);
  });

  it('a bad key name creates no key', async () => {
    expectFailure(await cli('key', 'create', '--workspace', 'acme', '--name', ''), /--name/);
    expectFailure(await cli('key', 'create', '--workspace', 'acme', '--name', 'x'.repeat(65)), /--name/);
    expect((await api<ApiKeyList>('GET', '/v1/keys')).body.data).toHaveLength(keysBefore);
  });

  it.each([['bad host'], ['https://go2.example.com/'], ['go2.example.com/path'], ['user@go2.example.com'], ['-bad-.example.com'], ['']])(
    'bad host: lsk domain add %j',
    async (host) => {
      expectFailure(await cli('domain', 'add', host, '--workspace', 'acme'));
    },
  );

  it('a host of another workspace is refused (domain_taken)', async () => {
    expectFailure(await cli('domain', 'add', 'go.example.com', '--workspace', 'acme'), /go\.example\.com/);
  });

  it('bad hosts added no domain', async () => {
    expect((await api<DomainList>('GET', '/v1/domains')).body.data).toEqual([]);
  });

  it.each([
    [{ DATABASE_URL: 'nonsense' }, /DATABASE_URL/],
    [{ DATABASE_URL: 'postgres://localhost/lsk' }, /DATABASE_URL/],
    [{ LSK_KEY_TTL_DAYS: 'forever' }, /LSK_KEY_TTL_DAYS/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
  ])('bad configuration %j', async (overrides, reason) => {
    const r = await runCli(['workspace', 'create', 'cfgco'], { ...env, ...overrides });
    expectFailure(r, reason);
  });

  it('an unopenable store is one line too', async () => {
    // A "directory" that is a regular file: the SQLite file cannot be created under it.
    const dir = mkdtempSync(join(tmpdir(), 'lsk-cli-'));
    try {
      writeFileSync(join(dir, 'not-a-dir'), '');
      const r = await runCli(['workspace', 'create', 'cfgco'], { ...env, DATABASE_URL: `file:${join(dir, 'not-a-dir', 'lsk.db')}` });
      expectFailure(r, /database/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('bad configurations created nothing', async () => {
    expectOk(await cli('workspace', 'create', 'cfgco'));
  });
});
