/**
 * The tests' one way to wait for something the service does in the background (clicks reaching the
 * store, a sweep): ask again every `everyMs` until the answer is good or `timeoutMs` passed, then hand
 * back the last answer for the test's own assertion to judge (so a miss fails with what was seen).
 */
export async function waitFor<T>(probe: () => Promise<T>, ok: (value: T) => boolean, { timeoutMs = 15_000, everyMs = 200 } = {}): Promise<T> {
  const end = Date.now() + timeoutMs;
  let value = await probe();
  while (!ok(value) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, everyMs));
    value = await probe();
  }
  return value;
}
