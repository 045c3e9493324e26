/**
 * Polls `probe` until `ok` holds (every 100 ms, for at most `ms`), then returns the last value: the
 * caller asserts on it, so a timeout fails with the value seen. For work the server does on its own
 * timer (click counts written within a second); never a fixed sleep.
 */
export async function waitFor<T>(probe: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  let v = await probe();
  while (!ok(v) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 100));
    v = await probe();
  }
  return v;
}
