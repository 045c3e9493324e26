import { defineConfig } from 'vitest/config';

export default defineConfig({
  // One graphql-js in tests, the CommonJS build Node itself loads (and Pothos with it): vite would
  // otherwise hand source files the ES build, a second copy graphql-js refuses to mix with the first.
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  test: {
    include: ['test/**/*.test.ts'],
    // One MongoDB (MONGODB_URI or a local FerretDB) for the whole run; see test/support/mongo.ts.
    globalSetup: ['test/support/mongo-global-setup.ts'],
    testTimeout: 30_000,
    // Building FerretDB on a fresh machine can take minutes.
    hookTimeout: 120_000,
  },
});
