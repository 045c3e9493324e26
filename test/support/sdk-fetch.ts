/**
 * Helpers of the TypeScript SDK tests: a live lsk for a test file, a fetch that records requests (and
 * can fake the first answers), and a rejection catcher.
 */
import { afterAll, beforeAll } from 'vitest';
import { LskClient, type LskClientOptions } from '../../clients/typescript/src/index.js';
import { type Lsk, startLsk } from './server.js';

/** A real lsk on SQLite for the file's tests, workspace `acme` and its key; keys live 2 days and renew in their last day. */
export function liveLsk(): { readonly lsk: Lsk; readonly key: string; make(o?: Partial<LskClientOptions>): LskClient } {
  const state = {} as { lsk: Lsk; key: string };
  beforeAll(async () => {
    state.lsk = await startLsk('sqlite', { env: { LSK_KEY_TTL_DAYS: '2', LSK_KEY_RENEW_DAYS: '1' } });
    state.key = await state.lsk.workspace('acme');
  });
  afterAll(async () => {
    await state.lsk?.stop();
  });
  return {
    get lsk() {
      return state.lsk;
    },
    get key() {
      return state.key;
    },
    make: (o = {}) => new LskClient({ baseUrl: state.lsk.base, apiKey: state.key, ...o }),
  };
}

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
