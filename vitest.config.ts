import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // One graphql-js in tests, the CommonJS build Node itself loads (and Pothos with it): vite would
  // otherwise hand source files the ES build, a second copy graphql-js refuses to mix with the first.
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  test: {
    include: ['test/**/*.test.ts'],
    // Most test files wait on a server, a browser or a store in another process: one file per core
    // (vitest's default, minus one) leaves a two-core machine half idle. LSK_TEST_WORKERS overrides.
    maxWorkers: Number(process.env.LSK_TEST_WORKERS) || availableParallelism() + 1,
    reporters: ['default', './test/support/slowest-files.ts'],
    // One MongoDB (MONGODB_URI or a local FerretDB) for the whole run; see test/support/mongo.ts.
    globalSetup: ['test/support/mongo-global-setup.ts'],
    testTimeout: 30_000,
    // Building FerretDB on a fresh machine can take minutes.
    hookTimeout: 120_000,
  },
});
