/**
 * On a Node older than package.json's `engines` (this machine's own Node 20, not a mock), every
 * entry point stops before the native SQLite module loads, with one line naming the running and
 * the required version and how to get Node 24, and exit status 1: the lsk command, the server
 * (dist/src/server.js and dist/src/main.js), and `npm start`, also on a fresh clone that was never
 * built. `npm ci` and `npm install` refuse at once (engine-strict in .npmrc), installing nothing.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv } from '../support/install.js';
import { MINIMUM_NODE, oldNode } from '../support/old-node.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const old = oldNode();
/** The old Node first on PATH, so `node` and npm's scripts run on it. */
const env = cleanEnv({ PATH: `${dirname(old.path)}${delimiter}${process.env.PATH}`, DATABASE_URL: 'file::memory:' });

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[], cwd: string): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd, env, timeout: 60_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

const versionLine = new RegExp(
  `^lsk: Node\\.js ${MINIMUM_NODE.replaceAll('.', '\\.')} or newer is required \\(24 LTS recommended\\), but this is Node\\.js ${old.version.replaceAll('.', '\\.')} \\(.+\\); install Node 24 from https://nodejs\\.org/ or with a version manager \\(nvm install 24, .*\\)$`,
);

/** Exactly one line of lsk's on stderr, the version line, and exit status 1. */
function expectVersionLine(r: Ran): void {
  const ours = r.stderr.split('\n').filter((l) => l.startsWith('lsk:'));
  expect(ours, r.stderr).toHaveLength(1);
  expect(ours[0]).toMatch(versionLine);
  expect(r.stderr, 'no crash, no stack trace').not.toMatch(/Segmentation fault|\bat .+:\d+:\d+|Error:/);
  expect(r.code).toBe(1);
}

let elsewhere: string;
let fresh: string;
beforeAll(() => {
  elsewhere = mkdtempSync(join(tmpdir(), 'lsk-old-node-cwd-'));
  // A fresh clone before `npm install`: the committed files, nothing built, no node_modules.
  fresh = mkdtempSync(join(tmpdir(), 'lsk-old-node-clone-'));
  for (const f of ['package.json', 'package-lock.json', '.npmrc', 'bin']) cpSync(join(ROOT, f), join(fresh, f), { recursive: true });
});
afterAll(() => {
  rmSync(elsewhere, { recursive: true, force: true });
  rmSync(fresh, { recursive: true, force: true });
});

describe(`on Node ${old.version} (${old.path})`, () => {
  it('the lsk command prints the version line, from any directory', async () => {
    const r = await run(old.path, [join(ROOT, 'bin/lsk.js'), 'workspace', 'list'], elsewhere);
    expectVersionLine(r);
    expect(r.stdout).toBe('');
  });

  it.each(['dist/src/server.js', 'dist/src/main.js'])('the server entry %s prints it instead of crashing', async (entry) => {
    const r = await run(old.path, [join(ROOT, entry)], elsewhere);
    expectVersionLine(r);
    expect(r.stdout).toBe('');
  });

  it('npm start prints it', async () => {
    expectVersionLine(await run('npm', ['start'], ROOT));
  });

  it('npm start on a fresh clone that was never built prints it too (not "Cannot find module")', async () => {
    expect(existsSync(join(fresh, 'dist'))).toBe(false);
    expectVersionLine(await run('npm', ['start'], fresh));
  });

  it.each(['ci', 'install'])('npm %s refuses at once (EBADENGINE, engine-strict) and installs nothing', async (verb) => {
    const r = await run('npm', [verb, '--offline', '--no-audit', '--no-fund'], fresh);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('npm error code EBADENGINE');
    expect(r.stderr).toContain(`npm error notsup Required: {"node":">=${MINIMUM_NODE}"}`);
    expect(r.stderr).toContain(`"node":"v${old.version}"`);
    expect(existsSync(join(fresh, 'node_modules'))).toBe(false);
  });
});
