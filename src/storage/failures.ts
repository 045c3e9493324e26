import { onCallFailure } from './call-failures.js';
import { asStoreFailure, type FailureKindOf } from './errors.js';

/**
 * The repositories with every call's failure classified by the adapter's `kindOf`: what it names is
 * raised as a StoreFailure (a StoreUnavailable when the database cannot be reached), anything else
 * passes as it was. Applied once, where an adapter's repositories are opened.
 */
export function raisingStoreFailures<T extends object>(repos: T, kindOf: FailureKindOf): T {
  return onCallFailure(repos, (_operation, e) => asStoreFailure(e, kindOf));
}
