/** Helpers of the TypeScript SDK tests: a fetch that records requests (and can fake the first answers), and a rejection catcher. */

/** A fetch that records every request and can fake answers for the first calls. */
export function recordingFetch(fake: Array<() => Response> = []) {
  const calls: { url: string; method: string; auth: string | null }[] = [];
  const f: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    calls.push({ url: String(input), method: init?.method ?? 'GET', auth: headers.get('authorization') });
    const next = fake.shift();
    if (next) return next();
    return fetch(input, init);
  };
  return { calls, fetch: f };
}

export async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected the call to fail');
}
