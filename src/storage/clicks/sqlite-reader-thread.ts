import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { plannerParamsUnmarked } from '../sqlite/planner-params.js';
import { type ClickQuery, type EventQuery, StoreCursorError } from './repository.js';
import type { ReadJob } from './sqlite-readers.js';
import { SqliteClickReads } from './sqlite-source.js';

/** A read-only connection with the statement cache SqliteClickReads expects. */
function readOnly(path: string) {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  const statements = new Map<string, Database.Statement>();
  return {
    db,
    stmt(sql: string): Database.Statement {
      let st = statements.get(sql);
      if (!st) {
        st = db.prepare(plannerParamsUnmarked(sql));
        statements.set(sql, st);
      }
      return st;
    },
  };
}

const reads = new SqliteClickReads(readOnly((workerData as { path: string }).path), true);
const port = parentPort!;
port.on('message', async ({ id, job }: { id: number; job: ReadJob }) => {
  try {
    const result = job.op === 'query' ? await reads.query(job.arg as ClickQuery) : await reads.events(job.arg as EventQuery);
    port.postMessage({ id, result });
  } catch (e) {
    port.postMessage({ id, error: { message: (e as Error).message, cursor: e instanceof StoreCursorError } });
  }
});
