/**
 * Starting a FerretDB 1.24 server (SQLite backend, 127.0.0.1, a free port, telemetry off) for tests
 * and for `npm run bench`. No vitest here: the bench imports it too. See ./mongo.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { waitFor } from './wait-for.js';

export const HOW_TO_PROVIDE_MONGODB =
  'The MongoDB tests need a MongoDB server. Either set MONGODB_URI (e.g. MONGODB_URI=mongodb://127.0.0.1:27017), ' +
  'or install Go (https://go.dev/dl/, on PATH) so that FerretDB v1.24.2 can be built by ' +
  '"node test/support/ensure-ferretdb.mjs" (or point LSK_FERRETDB_BIN at an existing FerretDB v1.24.2 binary).';

export interface TestMongo {
  uri: string;
  source: 'MONGODB_URI' | 'ferretdb';
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

async function canPing(uri: string): Promise<boolean> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 500, connectTimeoutMS: 500 });
  try {
    await client.db('admin').command({ ping: 1 });
    return true;
  } catch {
    return false;
  } finally {
    await client.close().catch(() => {});
  }
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * A detached watchdog that kills the server and removes its directory if the test run dies without
 * its teardown (e.g. SIGKILL on a timeout), so no FerretDB outlives the run. It ends with the server.
 */
function startWatchdog(serverPid: number, dir: string): void {
  const script = `
    const [parent, server, dir] = [Number(process.argv[1]), Number(process.argv[2]), process.argv[3]];
    const alive = (pid) => { try { process.kill(pid, 0); return true; } catch { return false; } };
    setInterval(() => {
      if (!alive(server)) process.exit(0);
      if (!alive(parent)) {
        try { process.kill(server, 'SIGKILL'); } catch {}
        try { require('node:fs').rmSync(dir, { recursive: true, force: true }); } catch {}
        process.exit(0);
      }
    }, 1000);`;
  const w = spawn(process.execPath, ['-e', script, String(process.pid), String(serverPid), dir], {
    detached: true,
    stdio: 'ignore',
  });
  w.unref();
}

/** A FerretDB process serving a data directory on a port (test/multi/mongo-outage restarts one on the same two). */
export interface FerretDbProcess {
  uri: string;
  child: ChildProcess;
  /** SIGTERM, then SIGKILL after 5 s; the data directory stays. */
  stop(): Promise<void>;
}

/**
 * Starts FerretDB on 127.0.0.1:`port` with its SQLite backend in `dir`/data (kept across restarts);
 * waits until it answers. Throws (after stopping it) when it exits or does not answer in time.
 */
export async function startFerretDbAt(bin: string, dir: string, port: number, { readyTimeoutMs = 30_000 } = {}): Promise<FerretDbProcess> {
  mkdirSync(join(dir, 'data'), { recursive: true });
  const uri = `mongodb://127.0.0.1:${port}/`;
  const args = [
    '--handler=sqlite',
    // Commits without an fsync each (SQLite's synchronous=NORMAL in WAL mode): still durable when
    // the process is killed (test/multi/mongo-outage), only an OS crash could lose the last ones;
    // the default (FULL) fsyncs every commit, most of a small write's time here (docs/adr/0243).
    `--sqlite-url=file:${join(dir, 'data')}/?_pragma=synchronous(normal)`,
    `--listen-addr=127.0.0.1:${port}`,
    `--state-dir=${dir}`,
    '--debug-addr=-', // no HTTP debug/metrics listener
    '--telemetry=disable', // no network access besides the listener
    '--log-level=warn',
    '--log-format=text',
  ];
  const child = spawn(bin, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-8_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  child.once('exit', () => (exited = true));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  if (child.pid) startWatchdog(child.pid, dir);
  const stop = async () => {
    await stopProcess(child);
    process.removeListener('exit', killOnExit);
  };
  const up = await waitFor(
    () => !exited && canPing(uri),
    (answered) => answered || exited,
    { timeout: readyTimeoutMs, interval: 100 },
  );
  if (up) return { uri, child, stop };
  await stop();
  throw new Error(
    exited
      ? `FerretDB exited at start (${child.exitCode ?? child.signalCode}): ${output.trim()}`
      : `FerretDB did not answer on ${uri} within ${readyTimeoutMs} ms: ${output.trim()}`,
  );
}

/** Starts FerretDB on 127.0.0.1 with its SQLite backend in a fresh temp dir; waits until it answers. */
export async function startFerretDb(bin: string, { readyTimeoutMs = 30_000 } = {}): Promise<TestMongo> {
  let lastError = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const dir = mkdtempSync(join(tmpdir(), 'lsk-ferretdb-'));
    const removeOnExit = () => rmSync(dir, { recursive: true, force: true });
    process.once('exit', removeOnExit);
    try {
      const server = await startFerretDbAt(bin, dir, await freePort(), { readyTimeoutMs });
      const stop = async () => {
        await server.stop();
        process.removeListener('exit', removeOnExit);
        rmSync(dir, { recursive: true, force: true });
      };
      return { uri: server.uri, source: 'ferretdb', stop };
    } catch (e) {
      lastError = (e as Error).message;
      process.removeListener('exit', removeOnExit);
      rmSync(dir, { recursive: true, force: true });
      // The port may have been taken between probing and binding: try another one.
    }
  }
  throw new Error(`${lastError}\n${HOW_TO_PROVIDE_MONGODB}`);
}
