/**
 * The one poll of the black-box suites: ask `probe` until `ok` holds of its answer, at most `ms`
 * (then fail with the last answer). For what happens after a response by design: an email sent
 * once the request has answered, a delivery made by a worker.
 */
export async function waitFor<T>(probe: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000, what = 'the condition'): Promise<T> {
  const until = Date.now() + ms;
  let last: T = await probe();
  while (!ok(last)) {
    if (Date.now() > until) throw new Error(`${what} did not hold within ${ms} ms; last: ${JSON.stringify(last)?.slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 50));
    last = await probe();
  }
  return last;
}
