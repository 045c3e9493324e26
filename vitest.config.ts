import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One MongoDB (MONGODB_URI or a local FerretDB) for the whole run; see test/support/mongo.ts.
    globalSetup: ['test/support/mongo-global-setup.ts'],
    testTimeout: 30_000,
    // Building FerretDB on a fresh machine can take minutes.
    hookTimeout: 120_000,
  },
});
