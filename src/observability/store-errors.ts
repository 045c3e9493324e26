import { onCallFailure } from '../storage/call-failures.js';
import { StoreConflict, StoreFailure, type StoreFailureKind } from '../storage/errors.js';
import type { Metrics } from './metrics.js';

/** What went wrong with a store call: the kind the adapter gave it, else `other`. */
export type StoreErrorKind = StoreFailureKind | 'other';

/** The kind of a store error, as the adapter that raised it classified it (storage/errors.ts). */
export function storeErrorKind(e: unknown): StoreErrorKind {
  return e instanceof StoreFailure ? e.kind : 'other';
}

/** Whether the database could not be reached or did not answer in time (answered 503 unavailable). */
export function isUnreachable(e: unknown): boolean {
  return e instanceof StoreFailure && e.unreachable;
}

/**
 * The repositories with their failures counted by operation (`links.create`, `ping`...) and kind as
 * `lsk_store_errors_total`. A conflict the store reports on purpose (an alias already taken) is an
 * answer, not a failure, and is not counted. Every call passes straight through otherwise.
 */
export function countStoreErrors<T extends object>(repos: T, metrics: Metrics, name = 'lsk_store_errors_total'): T {
  const errors = metrics.counter(name, 'Store calls that failed, by operation and kind (unavailable, timeout, busy, constraint, disk, other).', [
    'operation',
    'kind',
  ]);
  return onCallFailure(repos, (operation, e) => {
    if (!(e instanceof StoreConflict)) errors.labels(operation, storeErrorKind(e)).inc();
    return e;
  });
}
