import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import LongFilesFirst from './test/support/long-files-first.js';

/**
 * The tests, one vitest project per kind, each the folder of its name (README "Testing"):
 *   unit      pure code and in-memory SQLite: no server, no MongoDB, no browser (the fast loop)
 *   contract  each repository's contract suite, run on SQLite and on MongoDB
 *   services  the services over real stores (both kinds), in process, on the test clock
 *   api       black-box HTTP against the real server process (SQLite and MongoDB)
 *   e2e       the CLI, the dashboard and docs pages in Chromium, the SDKs, start-up, schemathesis
 *   multi     several server processes on one MongoDB
 * A test file belongs to the project of its folder (test/<kind>/**); test/unit/test-projects.test.ts
 * fails when a test file sits anywhere else. `npm test` runs them all; `npm run test:<kind>` one.
 */
export const TEST_KINDS = ['unit', 'contract', 'services', 'api', 'e2e', 'multi'] as const;

// One graphql-js in tests, the CommonJS build Node itself loads (and Pothos with it): vite would
// otherwise hand source files the ES build, a second copy graphql-js refuses to mix with the first.
const resolve = { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] };

function project(name: (typeof TEST_KINDS)[number]): TestProjectInlineConfiguration {
  if (name === 'unit') {
    // Pure code: the files share one module graph (no re-import per file), a third less CPU;
    // `npm run test:unit` runs them in one worker, the least CPU on a busy machine.
    return { resolve, test: { name, include: ['test/unit/**/*.test.ts'], isolate: false, testTimeout: 30_000 } };
  }
  return {
    resolve,
    test: {
      name,
      include: [`test/${name}/**/*.test.ts`],
      // One MongoDB (MONGODB_URI or a FerretDB started for it) per project; see test/support/mongo.ts.
      globalSetup: ['test/support/mongo-global-setup.ts'],
      testTimeout: 30_000,
      // Building FerretDB on a fresh machine can take minutes.
      hookTimeout: 120_000,
    },
  };
}

export default defineConfig({
  test: {
    projects: TEST_KINDS.map(project),
    // Most test files wait on a server, a browser or a store in another process: one file per core
    // (vitest's default, minus one) leaves a two-core machine half idle. LSK_TEST_WORKERS overrides.
    // One figure for every project, so that `npm test` runs files of all projects side by side.
    maxWorkers: Number(process.env.LSK_TEST_WORKERS) || availableParallelism() + 1,
    reporters: ['default', './test/support/slowest-files.ts'],
    // The files that take minutes start first (test/support/long-files-first.ts).
    sequence: { sequencer: LongFilesFirst },
  },
});
