/**
 * The README's quick start, run verbatim in bash and in zsh (the macOS default shell) against a real
 * server: every `sh` block of the "Quick start" section after `npm install` / `npm start` (which the
 * harness stands in for: the server is the built one, started on a free port instead of 8080).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lsk, startLsk } from '../support/server.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function quickStartBlocks(): string[] {
  const readme = readFileSync(`${ROOT}README.md`, 'utf8');
  const start = readme.indexOf('\n## Quick start');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

function run(shell: string, script: string, env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(shell, ['-c', script], { cwd: ROOT, env: { ...process.env, ...env }, timeout: 120_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: `${stdout}\n${stderr}` });
    });
  });
}

describe('the README quick start', () => {
  it('starts with npm install and npm start, then only commands a shell can run as written', () => {
    const blocks = quickStartBlocks();
    expect(blocks[0]?.trim()).toBe('npm install\nnpm start');
    expect(blocks.length).toBeGreaterThan(3);
  });
});

describe.each(['bash', 'zsh'])('the README quick start in %s', (shell) => {
  let lsk: Lsk;
  let result: { code: number; out: string };
  beforeAll(async () => {
    lsk = await startLsk('sqlite');
    const script = quickStartBlocks().slice(1).join('\n').replaceAll('localhost:8080', `localhost:${lsk.port}`);
    // Stop at the first failing command, as a reader would notice it.
    const strict = shell === 'zsh' ? 'setopt ERR_EXIT PIPE_FAIL\n' : 'set -eo pipefail\n';
    result = await run(shell, strict + script, { DATABASE_URL: lsk.env.DATABASE_URL! });
  }, 180_000);
  afterAll(async () => {
    await lsk?.stop();
  });

  it('runs every command without an error', () => {
    expect(result.out).not.toMatch(/no matches found|command not found|parse error|syntax error/);
    expect(result.code, result.out).toBe(0);
  });

  it('creates the link, follows it and finds it again', () => {
    expect(result.out).toContain(`"short_url":"http://localhost:${lsk.port}/spring"`);
    expect(result.out).toMatch(/location: https:\/\/example\.com\/spring-sale\?utm_source=readme\r?$/im);
    expect(result.out).toContain('"tags":["campaign"]');
    expect(result.out).not.toContain('"error"');
  });
});
