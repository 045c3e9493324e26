/**
 * The supported ways to run the lsk command (README "CLI", docs/adr/0092), each from a copy of the
 * installation and never downloading anything: `npx lsk` inside the project folder (and below it)
 * runs the project's own bin; `npm link` and `npm install -g .` (into a temp global prefix) put
 * `lsk` on PATH; `node <project>/bin/lsk.js`. Every one, started in another directory, opens the
 * project's database (the project root's data/lsk.db) and says so.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, type Install, installCopy } from '../support/install.js';

let app: Install;
let work: string;
let elsewhere: string;

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd, env: cleanEnv(env), timeout: 120_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout: String(stdout), stderr: String(stderr) }),
    );
  });
}

const last = (r: Ran) => r.stdout.trimEnd().split('\n').at(-1);

beforeAll(async () => {
  app = installCopy();
  work = mkdtempSync(join(tmpdir(), 'lsk-invocation-'));
  elsewhere = join(work, 'somewhere', 'else');
  mkdirSync(elsewhere, { recursive: true });
  const init = await run(process.execPath, [app.cli, 'workspace', 'create', 'acme', '--init'], elsewhere);
  expect(init.code, init.stderr).toBe(0);
});

afterAll(() => {
  app?.cleanup();
  rmSync(work, { recursive: true, force: true });
});

const usesProjectDb = (r: Ran) => expect(r.stderr).toContain(`lsk: using SQLite ${join(app.root, 'data/lsk.db')}`);

describe('the lsk command', () => {
  it('node <project>/bin/lsk.js from another directory opens the project database', async () => {
    const r = await run(process.execPath, [app.cli, 'workspace', 'list'], elsewhere);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(last(r)!).data.map((w: { slug: string }) => w.slug)).toEqual(['acme']);
    usesProjectDb(r);
  });

  it('npx lsk inside the project folder, and in a folder below it, runs the project bin (offline: nothing fetched)', async () => {
    const below = join(app.root, 'docs', 'notes');
    mkdirSync(below, { recursive: true });
    for (const cwd of [app.root, below]) {
      const r = await run('npx', ['--offline', 'lsk', 'workspace', 'list'], cwd);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(last(r)!).data.map((w: { slug: string }) => w.slug)).toEqual(['acme']);
      usesProjectDb(r);
    }
  });

  it.each([
    ['npm link', ['link']],
    ['npm install -g .', ['install', '-g', '.']],
  ])('%s puts lsk on PATH; from any directory it opens the project database', async (_, args) => {
    const prefix = mkdtempSync(join(work, 'global-'));
    const linked = await run('npm', [...args, '--no-audit', '--no-fund'], app.root, { npm_config_prefix: prefix });
    expect(linked.code, linked.stderr).toBe(0);
    const path = `${join(prefix, 'bin')}${delimiter}${process.env.PATH}`;
    const r = await run('lsk', ['workspace', 'create', `w${args.length}`], elsewhere, { PATH: path });
    expect(r.code, r.stderr).toBe(0);
    usesProjectDb(r);
    const list = await run('lsk', ['workspace', 'list'], work, { PATH: path });
    expect(JSON.parse(last(list)!).data.map((w: { slug: string }) => w.slug)).toContain(`w${args.length}`);
  });
});
