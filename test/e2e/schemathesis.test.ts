/**
 * schemathesis (PyPI) against GET /v1/openapi.json of a real lsk (SQLite): every operation of the
 * document, generated from its schemas with a fixed seed and a bounded number of examples, with the
 * key of a workspace made by the CLI. Checks: no 5xx, responses (status, content type, headers, body)
 * as documented, and no request the document calls valid refused. test/e2e/schemathesis_hooks.py keeps
 * generated requests inside the rules that depend on the workspace's state (see its comments);
 * test/e2e/schemathesis.toml leaves the four operations that take a link's fields out of the
 * coverage phase only (see its comment).
 *
 * Needs schemathesis at the version of schemathesis-requirements.txt: .ci/run installs it into
 * ~/.cache/lsk-schemathesis (or set LSK_SCHEMATHESIS to its executable). Fails, never skips, without it.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, startLsk } from '../support/server.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const PINNED = /^schemathesis==(\S+)$/m.exec(readFileSync(join(HERE, 'schemathesis-requirements.txt'), 'utf8'))![1]!;
const EXECUTABLE = process.env.LSK_SCHEMATHESIS ?? join(homedir(), '.cache/lsk-schemathesis/bin/schemathesis');
const INSTALL = `python3 -m venv ~/.cache/lsk-schemathesis && ~/.cache/lsk-schemathesis/bin/pip install -r test/e2e/schemathesis-requirements.txt (as .ci/run does)`;
const SEED = '20261123';
const MAX_EXAMPLES = '50';
const CHECKS = [
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'response_headers_conformance',
  'response_schema_conformance',
  'positive_data_acceptance',
];

/** Runs in `cwd` (a temp dir): schemathesis keeps a cache directory in its working directory. */
function run(cmd: string, args: string[], env: Record<string, string>, timeout: number, cwd = tmpdir()): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(cmd, args, { cwd, env: { ...process.env, ...env }, timeout, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 1) : 0;
      resolve({ code, out: `${String(stdout)}\n${String(stderr)}${err && !stdout && !stderr ? String(err) : ''}` });
    });
  });
}

interface Report {
  exit_code: number;
  operations: { total: number; tested: number; errored: number };
  test_cases: { generated: number; with_failures: number; errored: number };
  failures: unknown[];
  errors: unknown[];
  warnings: Record<string, unknown[]>;
  valid_rates: Record<string, Record<string, { accepted: number; unreachable: number; conflicts: number; rejected: number }>>;
}

describe('schemathesis against /v1/openapi.json of a running lsk', () => {
  let lsk: Lsk;
  let reportDir: string;

  beforeAll(async () => {
    reportDir = mkdtempSync(join(tmpdir(), 'lsk-schemathesis-'));
    lsk = await startLsk('sqlite', { env: { LSK_WEBHOOK_ALLOW_PRIVATE: 'true' } });
  }, 60_000);
  afterAll(async () => {
    await lsk?.stop();
    rmSync(reportDir, { recursive: true, force: true });
  });

  it(`is installed at the pinned version (${PINNED})`, async () => {
    expect(existsSync(EXECUTABLE), `schemathesis not found at ${EXECUTABLE}; install it: ${INSTALL}`).toBe(true);
    const version = await run(EXECUTABLE, ['--version'], {}, 60_000);
    expect(version.out, `schemathesis ${PINNED} is pinned; install it: ${INSTALL}`).toContain(`version ${PINNED}`);
  }, 90_000);

  it('finds no server error, no undocumented answer and no valid request refused', async () => {
    expect(existsSync(EXECUTABLE), `schemathesis not found at ${EXECUTABLE}; install it: ${INSTALL}`).toBe(true);
    const slug = 'schemathesis';
    const key = await lsk.workspace(slug, ['--rpm', '1000000']);
    const keys = await client(lsk.base, key)('GET', '/v1/keys');
    const ownKeyId = String(keys.body.data[0].id);
    const args = [
      '--config-file',
      join(HERE, 'schemathesis.toml'),
      'run',
      `${lsk.base}/v1/openapi.json`,
      '--header',
      `Authorization: Bearer ${key}`,
      '--checks',
      CHECKS.join(','),
      // No example database: the run starts in a fresh folder, so Hypothesis's database (.hypothesis/
      // there) never replays anything and was only written, its Pareto front of every case's targets
      // kept at a quarter of the fuzzing phase's CPU (docs/adr/0227).
      '--generation-database',
      'none',
      '--seed',
      SEED,
      '--max-examples',
      MAX_EXAMPLES,
      '--workers',
      '1',
      '--no-color',
      '--report',
      'json',
      '--report-dir',
      join(reportDir, 'report'),
    ];
    const env = {
      SCHEMATHESIS_HOOKS: join(HERE, 'schemathesis_hooks.py'),
      LSK_BASE_URL: lsk.base,
      LSK_API_KEY: key,
      LSK_OWN_KEY_ID: ownKeyId,
      LSK_WORKSPACE_SLUG: slug,
      LSK_DEFAULT_DOMAIN: lsk.env.LSK_DEFAULT_DOMAIN!,
    };
    const started = Date.now();
    const res = await run(EXECUTABLE, args, env, 560_000, reportDir);
    const dir = join(reportDir, 'report');
    const file = existsSync(dir) ? readdirSync(dir).find((f) => f.endsWith('.json')) : undefined;
    expect(file, `no JSON report; schemathesis said:\n${res.out.slice(-6000)}`).toBeDefined();
    const report = JSON.parse(readFileSync(join(dir, file!), 'utf8')) as Report;
    const rates = Object.values(report.valid_rates).flatMap((phases) => Object.values(phases));
    const sum = (k: 'accepted' | 'unreachable' | 'conflicts' | 'rejected') => rates.reduce((n, r) => n + r[k], 0);
    console.info(
      `schemathesis ${PINNED}, seed ${SEED}, ${MAX_EXAMPLES} examples: ${report.test_cases.generated} cases on ${report.operations.tested} operations in ` +
        `${Math.round((Date.now() - started) / 1000)} s; valid requests accepted ${sum('accepted')}, 404 ${sum('unreachable')}, 409 ${sum('conflicts')}, ` +
        `refused ${sum('rejected')}; failures ${report.failures.length}, errors ${report.errors.length}`,
    );
    // The server's own error log first: a 500's stack says more than schemathesis's report of it.
    const serverErrors = lsk
      .output()
      .split('\n')
      .filter((l) => /"level":(50|60)/.test(l));
    expect(serverErrors, 'errors the server logged').toEqual([]);
    expect({ failures: report.failures, errors: report.errors }, res.out.slice(-12000)).toEqual({ failures: [], errors: [] });
    expect(report.test_cases.with_failures).toBe(0);
    expect(report.operations.tested).toBe(report.operations.total);
    expect(report.operations.total).toBeGreaterThanOrEqual(16);
    // The key kept working (nothing rate-limited or unauthorised) and every pattern was usable.
    for (const w of ['missing_auth', 'rate_limited', 'unsupported_regex', 'unresolvable_reference']) expect(report.warnings[w], w).toEqual([]);
    expect(res.code, res.out.slice(-6000)).toBe(0);
  }, 600_000);
});
