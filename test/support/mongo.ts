/**
 * A MongoDB for the tests, in this order:
 *   1. MONGODB_URI, when set;
 *   2. a FerretDB 1.24.2 server (SQLite backend, 127.0.0.1, a free port, telemetry off), from the
 *      binary at $LSK_FERRETDB_BIN (default ~/.cache/lsk-ferretdb/bin/ferretdb), built with Go by
 *      test/support/ensure-ferretdb.mjs when missing;
 *   3. otherwise an Error saying how to provide one. MongoDB tests then FAIL; they never skip.
 *
 * `mongo-global-setup.ts` starts one server per test run and provides its URI; test files call
 * `testMongoUri()` and use their own random database (`uniqueDbName()`).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { HOW_TO_PROVIDE_MONGODB, startFerretDb, type TestMongo } from './ferretdb.js';

export { HOW_TO_PROVIDE_MONGODB, startFerretDb, type TestMongo };

declare module 'vitest' {
  export interface ProvidedContext {
    /** URI of the run's MongoDB; '' when none could be had (then `mongoError` says why). */
    mongoUri: string;
    mongoError: string;
  }
}

const ENSURE_SCRIPT = fileURLToPath(new URL('./ensure-ferretdb.mjs', import.meta.url));

/** Path of a working FerretDB binary; builds it (in a child process, not blocking) when missing. */
export function ensureFerretDbBinary(): Promise<string> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env };
    delete env.MONGODB_URI; // the script skips the build when it is set
    const child = execFile(process.execPath, [ENSURE_SCRIPT], { env, maxBuffer: 16 << 20, timeout: 20 * 60_000 }, (err, stdout, stderr) => {
      if (err) {
        const reason = String(stderr).trim() || err.message;
        reject(new Error(reason.includes('MONGODB_URI') ? reason : `${reason}\n${HOW_TO_PROVIDE_MONGODB}`));
        return;
      }
      const lines = String(stdout).trim().split('\n');
      resolve(lines[lines.length - 1]!.trim());
    });
    child.stderr?.on('data', (d: Buffer) => process.stderr.write(d));
  });
}

/** MONGODB_URI, or a FerretDB started for this run. Throws, saying how to provide one, when neither works. */
export async function startTestMongo(): Promise<TestMongo> {
  const fromEnv = process.env.MONGODB_URI;
  if (fromEnv) return { uri: fromEnv, source: 'MONGODB_URI', stop: async () => {} };
  const bin = await ensureFerretDbBinary();
  return startFerretDb(bin);
}

/** For test files: the run's MongoDB URI. Throws (failing the test) when none could be had. */
export function testMongoUri(): string {
  const uri = inject('mongoUri');
  if (!uri) throw new Error(inject('mongoError') || HOW_TO_PROVIDE_MONGODB);
  return uri;
}

/** A fresh database name per suite or test, so files sharing the server stay isolated. */
export function uniqueDbName(prefix = 'lsk_test'): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(5).toString('hex')}`;
}
