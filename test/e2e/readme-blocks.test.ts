/**
 * README.md as a reader pastes it: every `sh` block, in order, into one interactive bash and one
 * interactive zsh (the macOS default shell; as pasted, so a `#` comment line or `!` in double
 * quotes fails the way it would for a reader), against a real server with a fresh store. The
 * harness stands in for the first block (`npm install`, `npm start`): the built server on a free
 * port instead of 8080. The rules a block must follow are written at the top of README.md: every
 * command exits 0; every `curl` gets 2xx or 3xx, or a status its fence names (`sh expect=409`),
 * which it then must get; `sh no-run` blocks are not run.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Install, installCopy } from '../support/install.js';
import { type Block, expectedStatuses, fencedBlocks, ruleProblems, runnable } from '../support/readme-blocks.js';
import { type Lsk, startLsk } from '../support/server.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const blocks = fencedBlocks(README);
const shBlocks = blocks.filter((b) => b.lang === 'sh');
const [startBlock, ...toRun] = shBlocks.filter(runnable);

/** The real curl plus, on stderr, each answer's status for the test (a `-w` of the reader's own wins). */
const CURL = `#!/bin/sh
for a in "$@"; do case "$a" in -w|--write-out|-w?*) exec "$LSK_REAL_CURL" "$@";; esac; done
exec "$LSK_REAL_CURL" "$@" --write-out '%{stderr}\\nREADME-STATUS %{http_code} %{method} %{url_effective}\\n'
`;

interface Outcome {
  code: number;
  out: string;
}

function paste(shell: string, script: string, cwd: string, env: Record<string, string>): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const args = shell === 'zsh' ? ['-f', '-i'] : ['--norc', '--noprofile', '-i'];
    const proc = spawn(shell, args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => proc.kill('SIGKILL'), 240_000);
    proc.on('error', reject);
    proc.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, out });
    });
    proc.stdin.end(script);
  });
}

/** Every block's statuses, by the block's index in `toRun`, from the markers in the output. */
function statusesByBlock(out: string): Map<number, { status: number; request: string }[]> {
  const seen = new Map<number, { status: number; request: string }[]>();
  let current = -1;
  for (const line of out.split('\n')) {
    const block = /^README-BLOCK (\d+)/.exec(line);
    if (block) current = Number(block[1]);
    const status = /^README-STATUS (\d{3}) (.*)$/.exec(line);
    if (status && current >= 0) seen.set(current, [...(seen.get(current) ?? []), { status: Number(status[1]), request: status[2]! }]);
  }
  return seen;
}

const where = (b: Block) => `README.md:${b.line}\n${b.body}`;

describe('the README blocks follow the rules written at its top', () => {
  it('the first is npm install and npm start, in the Quick start', () => {
    expect(startBlock?.body.trim()).toBe('npm install\nnpm start');
    expect(README.indexOf('## Quick start')).toBeLessThan(README.indexOf('npm install\nnpm start'));
  });

  it('shell blocks are fenced sh, with known words only, and use $KEY', () => {
    expect(ruleProblems(blocks)).toEqual([]);
  });

  it('every sh block runs (none is marked no-run), and there are many', () => {
    expect(shBlocks.filter((b) => !runnable(b)).map((b) => b.line)).toEqual([]);
    expect(toRun.length).toBeGreaterThan(10);
  });
});

describe.each(['bash', 'zsh'])('README.md pasted into an interactive %s', (shell) => {
  let lsk: Lsk;
  let app: Install;
  let result: Outcome;
  beforeAll(async () => {
    lsk = await startLsk('sqlite');
    // Files the blocks write (spring.png, links.csv) land in a copy of the installation.
    app = installCopy();
    const wrappers = join(app.root, '.readme-bin');
    mkdirSync(wrappers);
    writeFileSync(join(wrappers, 'curl'), CURL, { mode: 0o755 });
    const realCurl = (process.env.PATH ?? '')
      .split(delimiter)
      .map((d) => join(d, 'curl'))
      .find((p) => existsSync(p));
    const strict = shell === 'zsh' ? 'setopt ERR_EXIT PIPE_FAIL\nPS1= PS2= RPROMPT=\n' : 'set -eo pipefail\nPS1= PS2=\n';
    const script = [
      'exec 2>&1',
      strict,
      ...toRun.map((b, i) => `printf '\\nREADME-BLOCK %s\\n' ${i}\n${b.body.replaceAll('localhost:8080', `localhost:${lsk.port}`)}`),
      "printf '\\nREADME-BLOCK end\\n'",
      'exit 0',
      '',
    ].join('\n');
    result = await paste(shell, script, app.root, {
      ...process.env,
      PATH: `${wrappers}${delimiter}${process.env.PATH}`,
      LSK_REAL_CURL: realCurl ?? 'curl',
      HISTFILE: '/dev/null',
      PORT: String(lsk.port),
      DATABASE_URL: lsk.env.DATABASE_URL!,
    } as Record<string, string>);
  }, 300_000);
  afterAll(async () => {
    await lsk?.stop();
    app?.cleanup();
  });

  it('runs every block to its end, every command exiting 0', () => {
    const last = [...result.out.matchAll(/^README-BLOCK (\d+|end)$/gm)].at(-1)?.[1];
    const failed = last === undefined || last === 'end' ? '' : `stopped in ${where(toRun[Number(last)]!)}`;
    expect(result.out).not.toMatch(/no matches found|command not found|parse error|syntax error|event not found|bad pattern/);
    expect(last, `${failed}\n${result.out.slice(-3000)}`).toBe('end');
    expect(result.code, result.out.slice(-3000)).toBe(0);
  });

  it('every curl is answered 2xx or 3xx, or with the status its block names (and that status comes)', () => {
    const seen = statusesByBlock(result.out);
    toRun.forEach((b, i) => {
      const expected = expectedStatuses(b);
      const got = seen.get(i) ?? [];
      for (const { status, request } of got) {
        expect(status >= 200 && status < 400 ? status : expected.includes(status) ? status : `${status} for ${request}`, where(b)).toBe(status);
      }
      for (const status of expected)
        expect(
          got.map((g) => g.status),
          `${where(b)} names ${status}`,
        ).toContain(status);
    });
  });

  it('the Quick start creates the link, follows it and finds it again', () => {
    expect(result.out).toContain(`"short_url":"http://localhost:${lsk.port}/spring"`);
    expect(result.out).toMatch(/location: https:\/\/example\.com\/spring-sale\?utm_source=readme\r?$/im);
    expect(result.out).toContain('"tags":["campaign"]');
  });
});
