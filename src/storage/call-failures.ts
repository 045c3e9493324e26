/**
 * A repositories object whose every method call hands its failure (thrown, or a rejected promise)
 * to one function, which returns the error to raise in its place: the seam where adapters classify
 * their store's errors (storage/failures.ts) and where failures are counted
 * (observability/store-errors.ts). Calls that succeed pass straight through.
 */

/** Called with the operation (`links.create`, `ping`, ...) and the error; returns what to raise. */
export type OnCallFailure = (operation: string, e: unknown) => unknown;

/** `target` with its methods' failures passed to `onFailure`; its object properties' (the repositories') too. */
export function onCallFailure<T extends object>(target: T, onFailure: OnCallFailure): T {
  return wrapped(target, onFailure, '', true);
}

function wrapped<T extends object>(target: T, onFailure: OnCallFailure, prefix: string, nested: boolean): T {
  // Keyed by the value itself, so a method replaced on the object is wrapped anew.
  const cache = new WeakMap<object, unknown>();
  return new Proxy(target, {
    get(obj, prop) {
      const value = Reflect.get(obj, prop, obj) as unknown;
      if (typeof prop !== 'string' || value === null || (typeof value !== 'function' && (typeof value !== 'object' || !nested))) return value;
      let out = cache.get(value);
      if (!out) {
        out =
          typeof value === 'function'
            ? wrappedCall(obj, value as (...a: unknown[]) => unknown, prefix + prop, onFailure)
            : wrapped(value, onFailure, `${prop}.`, false);
        cache.set(value, out);
      }
      return out;
    },
  });
}

function wrappedCall(self: object, fn: (...a: unknown[]) => unknown, operation: string, onFailure: OnCallFailure) {
  return (...args: unknown[]) => {
    try {
      const result = fn.apply(self, args);
      return result instanceof Promise ? result.catch((e: unknown) => Promise.reject(onFailure(operation, e))) : result;
    } catch (e) {
      throw onFailure(operation, e);
    }
  };
}
