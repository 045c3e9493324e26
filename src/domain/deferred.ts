/**
 * A library only some operations need (passkeys, single sign-on, mail, GraphQL field limits, TOTP,
 * the process metrics), loaded on first use, so an `lsk` command that never needs it does not pay
 * for loading it. The server loads them at start (loadDeferred), before it listens: no request
 * waits for a module to load, as when they were plain imports. A library only a configured feature uses (mail, single
 * sign-on) is loaded at start only once that feature's service is built (`loadAtStart`), so a
 * server without the feature never holds it (docs/adr/0176). A large library that few requests need
 * (passkeys, GraphQL field limits) is `atStart: false` and never named: its first use loads it
 * (docs/adr/0224).
 */
import { once } from './once.js';

const loaders = new Set<() => Promise<unknown>>();

/**
 * The library's module, loaded once (on the first call, or by loadDeferred). With
 * `{ atStart: false }` loadDeferred loads it only after `loadAtStart` named it.
 */
export function deferred<T>(load: () => Promise<T>, opts: { atStart: boolean } = { atStart: true }): () => Promise<T> {
  const get = once(load);
  if (opts.atStart) loaders.add(get);
  return get;
}

/** Have loadDeferred load this library too (a service that will use it was built). */
export function loadAtStart(get: () => Promise<unknown>): void {
  loaders.add(get);
}

/** Load every deferred library of the modules imported so far (and of the services built). */
export async function loadDeferred(): Promise<void> {
  await Promise.all([...loaders].map((get) => get()));
}
