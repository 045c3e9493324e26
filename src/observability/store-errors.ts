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
  const count = (operation: string, e: unknown) => {
    if (!(e instanceof StoreConflict)) errors.labels(operation, storeErrorKind(e)).inc();
  };
  return counted(repos, '', count, true);
}

type Count = (operation: string, e: unknown) => void;

/** `target` with its methods counted; with `nested`, its object properties (the repositories) too. */
function counted<T extends object>(target: T, prefix: string, count: Count, nested: boolean): T {
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(target, {
    get(obj, prop) {
      const value = Reflect.get(obj, prop, obj) as unknown;
      if (typeof prop !== 'string' || value === null || (typeof value !== 'function' && (typeof value !== 'object' || !nested))) return value;
      let out = wrapped.get(prop);
      if (!out) {
        out =
          typeof value === 'function'
            ? countedCall(obj, value as (...a: unknown[]) => unknown, prefix + prop, count)
            : counted(value, `${prop}.`, count, false);
        wrapped.set(prop, out);
      }
      return out;
    },
  });
}

function countedCall(self: object, fn: (...a: unknown[]) => unknown, operation: string, count: Count) {
  return (...args: unknown[]) => {
    try {
      const result = fn.apply(self, args);
      if (result instanceof Promise) result.catch((e: unknown) => count(operation, e));
      return result;
    } catch (e) {
      count(operation, e);
      throw e;
    }
  };
}
