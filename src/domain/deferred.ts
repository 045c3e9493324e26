/**
 * A library only some operations need (passkeys, single sign-on, mail, GraphQL field limits),
 * loaded on first use, so an `lsk` command that never needs it does not pay for loading it. The
 * server loads them all at start (loadDeferred), before it listens: no request waits for a module
 * to load, as when they were plain imports.
 */
const loaders = new Set<() => Promise<unknown>>();

/** The library's module, loaded once (on the first call, or by loadDeferred). */
export function deferred<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  const get = () => {
    loading ??= load();
    return loading;
  };
  loaders.add(get);
  return get;
}

/** Load every deferred library of the modules imported so far. */
export async function loadDeferred(): Promise<void> {
  await Promise.all([...loaders].map((get) => get()));
}
