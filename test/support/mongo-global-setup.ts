/**
 * vitest globalSetup: one MongoDB (MONGODB_URI or a FerretDB started here) for the whole run,
 * provided to every test file as `inject('mongoUri')` (use `testMongoUri()` from ./mongo.js).
 * When none can be had, the URI is '' and `mongoError` explains how to provide one: the MongoDB
 * tests then fail with that message, while tests that need no MongoDB still run.
 */
import type { TestProject } from 'vitest/node';
import { startTestMongo, type TestMongo } from './mongo.js';

let server: TestMongo | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  try {
    server = await startTestMongo();
    project.provide('mongoUri', server.uri);
    project.provide('mongoError', '');
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    process.stderr.write(`\nlsk tests: no MongoDB for this run: ${message}\n\n`);
    project.provide('mongoUri', '');
    project.provide('mongoError', message);
  }
  return async () => {
    await server?.stop();
    server = undefined;
  };
}
