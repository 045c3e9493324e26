/**
 * What `npm test` runs before vitest: the build, the typecheck and the lint, side by side. Each is
 * one process that keeps one core busy (tsc, tsc, biome), and none reads what another writes (the
 * typecheck and the lint leave dist/ alone), so on two cores they take the longest one's time
 * instead of the sum (docs/adr/0243). Each one's output is printed whole when it ends, in this
 * order; the exit status is the first failure's, after all three have ended.
 */
import { spawn } from 'node:child_process';

const SCRIPTS = ['build', 'typecheck', 'lint'];

function run(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('error', (e) => resolve({ script, code: 1, out: [Buffer.from(`${e.message}\n`)] }));
    child.on('close', (code, signal) => resolve({ script, code: code ?? (signal ? 1 : 0), out }));
  });
}

const results = await Promise.all(SCRIPTS.map(run));
for (const r of results) process.stdout.write(Buffer.concat(r.out));
const failed = results.filter((r) => r.code !== 0);
if (failed.length > 0) {
  process.stderr.write(`\nnpm test: ${failed.map((r) => `npm run ${r.script} (exit ${r.code})`).join(', ')} failed\n`);
  process.exit(failed[0].code);
}
