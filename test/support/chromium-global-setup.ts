/**
 * vitest globalSetup of the e2e project: one Chromium for the run (playwright-core's launchServer,
 * on loopback), its endpoint provided to every test file as `inject('chromiumEndpoint')`.
 * `launchChromium()` (./dashboard.ts) connects to it: each test file still gets its own browser
 * contexts (their own cookies and storage) and closes them, without starting Chromium itself (about
 * a second of CPU and more of wall time per start, twice per dashboard file). When Chromium cannot
 * start here, the endpoint is '' and each file launches its own, failing with Chromium's own reason.
 */
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium-launch.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's Chromium (a playwright-core browser server); '' when none could be started. */
    chromiumEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let server: BrowserServer | undefined;
  try {
    server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, host: '127.0.0.1' });
    project.provide('chromiumEndpoint', server.wsEndpoint());
  } catch (e) {
    process.stderr.write(`\nlsk tests: no shared Chromium for this run (each file launches its own): ${e instanceof Error ? e.message.split('\n')[0] : e}\n\n`);
    project.provide('chromiumEndpoint', '');
  }
  return async () => {
    await server?.close();
  };
}
