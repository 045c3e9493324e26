/**
 * The one way tests wait for something another process or timer does (a click flush, a webhook
 * delivery, a log line, a server noticing its store is back): poll `probe` until `ok` holds.
 * Resolves to the first value that satisfies `ok`, or, when `timeout` ms pass first, to the last
 * value read, so the caller's assertion on it fails with a readable diff. Never a fixed sleep:
 * a test that must show something did NOT happen waits for a later thing that did (see
 * test/api/redirect.api.test.ts, HEAD counts no click).
 */
export interface WaitOptions {
  /** How long to keep polling, ms (default 15 s). */
  timeout?: number;
  /** Pause between probes, ms (default 50). */
  interval?: number;
  /** When given, a timeout throws, naming what did not happen (for waits no assertion follows). */
  what?: string;
}

export async function waitFor<T>(probe: () => T | Promise<T>, ok: (value: T) => boolean, options: WaitOptions = {}): Promise<T> {
  const { timeout = 15_000, interval = 50, what } = options;
  const deadline = Date.now() + timeout;
  let value = await probe();
  while (!ok(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, interval));
    value = await probe();
  }
  if (what !== undefined && !ok(value)) throw new Error(`${what} did not hold within ${timeout} ms; last: ${JSON.stringify(value)?.slice(0, 500)}`);
  return value;
}
