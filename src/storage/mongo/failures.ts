import {
  MongoBulkWriteError,
  MongoClientClosedError,
  MongoError,
  MongoNetworkError,
  MongoNetworkTimeoutError,
  MongoNotConnectedError,
  MongoOperationTimeoutError,
  MongoServerClosedError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
} from 'mongodb';
import type { StoreFailureKind } from '../errors.js';

const DUPLICATE = /E11000|duplicate key|UNIQUE constraint failed/i;

/** A unique index refused a write. FerretDB reports some of these as InternalError with SQLite's text. */
export function isDuplicateKey(e: unknown): boolean {
  if (e instanceof MongoBulkWriteError) {
    const errs = Array.isArray(e.writeErrors) ? e.writeErrors : [e.writeErrors];
    if (errs.length > 0 && errs.every((w) => w.code === 11000 || w.code === 11001 || DUPLICATE.test(w.errmsg ?? ''))) return true;
  }
  if (!(e instanceof MongoError)) return false;
  if (e.code === 11000 || e.code === 11001) return true;
  return DUPLICATE.test(e.message);
}

/** The server did not answer in time: a socket timeout, an operation's time limit, MaxTimeMSExpired (50). */
function isTimeout(e: unknown): boolean {
  return e instanceof MongoNetworkTimeoutError || e instanceof MongoOperationTimeoutError || (e instanceof MongoError && e.code === 50);
}

function isUnreachable(e: unknown): boolean {
  return (
    e instanceof MongoServerSelectionError ||
    e instanceof MongoNetworkError ||
    e instanceof MongoNotConnectedError ||
    e instanceof MongoTopologyClosedError ||
    e instanceof MongoClientClosedError ||
    e instanceof MongoServerClosedError
  );
}

/**
 * Whether the server could not be reached or did not answer in time, and which: 'timeout',
 * 'unavailable', or null. A bulk write that failed as a whole (no write errors) carries the
 * connection's error as its cause or (a connection interrupted when the server stopped answering)
 * as its errorResponse.
 */
export function unreachableKind(e: unknown): 'unavailable' | 'timeout' | null {
  if (e instanceof MongoBulkWriteError) {
    const errs = Array.isArray(e.writeErrors) ? e.writeErrors : e.writeErrors ? [e.writeErrors] : [];
    if (errs.length > 0) return null;
    const inner = unreachableKind(e.cause) ?? unreachableKind(e.errorResponse);
    return inner ?? (/topology is closed|not connected|server selection|interrupted/i.test(e.message) ? 'unavailable' : null);
  }
  if (isTimeout(e)) return 'timeout';
  return isUnreachable(e) ? 'unavailable' : null;
}

/** The MongoDB driver's errors as failure kinds; null for any other error. */
export function mongoFailureKind(e: unknown): StoreFailureKind | null {
  return unreachableKind(e) ?? (isDuplicateKey(e) ? 'constraint' : null);
}
