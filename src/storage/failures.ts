import { asStoreFailure, type FailureKindOf } from './errors.js';

/**
 * The repositories with every call's failure classified by the adapter's `kindOf`: what it names is
 * raised as a StoreFailure (a StoreUnavailable when the database cannot be reached), anything else
 * passes as it was. Applied once, where an adapter's repositories are opened.
 */
export function raisingStoreFailures<T extends object>(repos: T, kindOf: FailureKindOf): T {
  return classified(repos, kindOf, true);
}

/** `target` with its methods classified; with `nested`, its object properties (the repositories) too. */
function classified<T extends object>(target: T, kindOf: FailureKindOf, nested: boolean): T {
  // Keyed by the value itself, so a method replaced on the object is wrapped anew.
  const wrapped = new WeakMap<object, unknown>();
  return new Proxy(target, {
    get(obj, prop) {
      const value = Reflect.get(obj, prop, obj) as unknown;
      if (typeof prop !== 'string' || value === null || (typeof value !== 'function' && (typeof value !== 'object' || !nested))) return value;
      let out = wrapped.get(value);
      if (!out) {
        out = typeof value === 'function' ? classifiedCall(obj, value as (...a: unknown[]) => unknown, kindOf) : classified(value, kindOf, false);
        wrapped.set(value, out);
      }
      return out;
    },
  });
}

function classifiedCall(self: object, fn: (...a: unknown[]) => unknown, kindOf: FailureKindOf) {
  return (...args: unknown[]) => {
    try {
      const result = fn.apply(self, args);
      return result instanceof Promise ? result.catch((e: unknown) => Promise.reject(asStoreFailure(e, kindOf))) : result;
    } catch (e) {
      throw asStoreFailure(e, kindOf);
    }
  };
}
