import { execFileSync } from 'node:child_process';
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { leaveWorkersTheirOwnYoungGeneration, semiSpaceRestartArgs } from '../../src/startup/young-generation.js';
import { CLICK_THREAD_LIMITS } from '../../src/storage/clicks/thread-limits.js';

describe('LSK_SEMI_SPACE_MB', () => {
  it('defaults to 16 MB; 0 keeps V8 sizing; anything else than a whole number up to 1024 is refused', () => {
    expect(loadConfig({}).semiSpaceMb).toBe(16);
    expect(loadConfig({ LSK_SEMI_SPACE_MB: '0' }).semiSpaceMb).toBe(0);
    expect(loadConfig({ LSK_SEMI_SPACE_MB: '32' }).semiSpaceMb).toBe(32);
    for (const bad of ['-1', '8.5', '8MB', '1025'])
      expect(() => loadConfig({ LSK_SEMI_SPACE_MB: bad }), bad).toThrow(/^invalid configuration: LSK_SEMI_SPACE_MB: must be/);
  });

  it('restarts node with the flag before its own arguments, keeping them', () => {
    expect(semiSpaceRestartArgs([], undefined, 8)).toEqual(['--max-semi-space-size=8']);
    expect(semiSpaceRestartArgs(['--require', './bin/node-check.cjs'], '', 16)).toEqual(['--max-semi-space-size=16', '--require', './bin/node-check.cjs']);
  });

  it('does not restart when no cap is asked or node was given the flag (command line or NODE_OPTIONS, dashes or underscores)', () => {
    expect(semiSpaceRestartArgs([], undefined, 0)).toBeNull();
    expect(semiSpaceRestartArgs(['--max-semi-space-size=8'], undefined, 8)).toBeNull();
    expect(semiSpaceRestartArgs(['--max-semi-space-size=32'], undefined, 8)).toBeNull();
    expect(semiSpaceRestartArgs(['--max_semi_space_size=4'], undefined, 8)).toBeNull();
    expect(semiSpaceRestartArgs([], '--enable-source-maps --max-semi-space-size=2', 8)).toBeNull();
    expect(semiSpaceRestartArgs(['--max-old-space-size=512'], '--max-old-space-size=512', 8)).toEqual(['--max-semi-space-size=8', '--max-old-space-size=512']);
  });
});

/** A worker thread's code: it allocates (short-lived objects), then reports its young generation's size in MB. */
const ALLOCATES = [
  "const v8 = require('node:v8');",
  'let k = []; for (let i = 0; i < 2e6; i++) { k.push({ i }); if (k.length > 100000) k = []; }',
  "require('node:worker_threads').parentPort.postMessage(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 1048576);",
].join('\n');

/** Node code for a process started with the flag: a click thread's young generation, the flag cleared first or not. */
const inProcess = (clearFlag: boolean) => `
const { Worker } = require('node:worker_threads');
${clearFlag ? "require('node:v8').setFlagsFromString('--max-semi-space-size=0');" : ''}
new Worker(${JSON.stringify(ALLOCATES)}, { eval: true, resourceLimits: ${JSON.stringify(CLICK_THREAD_LIMITS)} }).on('message', (mb) => console.log(mb));`;

describe('worker threads young generation', () => {
  const run = (clearFlag: boolean) =>
    Number(execFileSync(process.execPath, ['--max-semi-space-size=16', '-e', inProcess(clearFlag)], { encoding: 'utf8' }).trim());

  it("takes the click threads' own limits only once the process-wide flag is cleared (V8 lets the flag win)", () => {
    expect(run(false)).toBeGreaterThan(16);
    expect(run(true)).toBeLessThanOrEqual(8);
  });

  it('clears the flag for the heaps made after it: a click thread started then keeps to its limits', async () => {
    v8.setFlagsFromString('--max-semi-space-size=16');
    leaveWorkersTheirOwnYoungGeneration();
    const mb = await new Promise<number>((resolve, reject) => {
      new Worker(ALLOCATES, { eval: true, resourceLimits: CLICK_THREAD_LIMITS }).on('message', resolve).on('error', reject);
    });
    expect(mb).toBeLessThanOrEqual(8);
  });
});
