/**
 * The TypeScript client's transport against the real server process on SQLite: the error class,
 * retries (429 with Retry-After, 503, none on 4xx), timeouts and AbortSignal, and key rotation through
 * Lsk-Rotated-Key.
 */
import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { LskClient, LskError } from '../../clients/typescript/src/index.js';
import { liveLsk, recordingFetch, rejection } from '../support/sdk-fetch.js';
import { client, runCli } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';

const live = liveLsk();
const make = live.make;

describe('TypeScript client: errors and retries', () => {
  it('throws one LskError carrying code, status, details and request_id', async () => {
    const err = (await rejection(make().createLink({ destination: 'javascript:alert(1)', geo_targeting: { XX: 'ftp://x' } }))) as LskError;
    expect(err).toBeInstanceOf(LskError);
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe('LskError');
    expect(err.code).toBe('validation_failed');
    expect(err.status).toBe(400);
    expect(err.requestId).toEqual(expect.any(String));
    expect(err.request_id).toBe(err.requestId);
    expect(err.details.map((d) => d.path)).toEqual(expect.arrayContaining(['destination']));
    expect(err.details.length).toBeGreaterThanOrEqual(2);

    const unauth = (await rejection(new LskClient({ baseUrl: live.lsk.base, apiKey: 'lsk_live_nope' }).workspace())) as LskError;
    expect(unauth).toMatchObject({ code: 'invalid_api_key', status: 401 });

    await make().createLink({ destination: 'https://example.com/x', alias: 'ts-taken' });
    const taken = (await rejection(make().createLink({ destination: 'https://example.com/x', alias: 'ts-taken' }))) as LskError;
    expect(taken).toMatchObject({ code: 'alias_taken', status: 409 });
  });

  it('never retries a 4xx other than 429', async () => {
    const rec = recordingFetch();
    const c = make({ fetch: rec.fetch, retries: 5, sleep: async () => {} });
    const err = (await rejection(c.createLink({ destination: 'ftp://nope' }))) as LskError;
    expect(err.status).toBe(400);
    expect(rec.calls).toHaveLength(1);
    const nf = (await rejection(c.link('lnk_missing'))) as LskError;
    expect(nf.status).toBe(404);
    expect(rec.calls).toHaveLength(2);
  });

  it('retries 503 with exponential backoff, then gives up after `retries`', async () => {
    const unavailable = () =>
      new Response(JSON.stringify({ error: { code: 'unavailable', message: 'down', request_id: 'r1' } }), {
        status: 503,
        headers: { 'content-type': 'application/json' },
      });
    const delays: number[] = [];
    const rec = recordingFetch([unavailable, unavailable]);
    const c = make({ fetch: rec.fetch, retries: 2, backoffMs: 100, sleep: async (ms) => void delays.push(ms) });
    expect((await c.workspace()).slug).toBe('acme'); // third attempt reaches the real server
    expect(rec.calls).toHaveLength(3);
    expect(delays).toHaveLength(2);
    expect(delays[0]).toBeGreaterThanOrEqual(50);
    expect(delays[0]).toBeLessThanOrEqual(100);
    expect(delays[1]).toBeGreaterThanOrEqual(100);
    expect(delays[1]).toBeLessThanOrEqual(200);

    const rec2 = recordingFetch([unavailable, unavailable, unavailable]);
    const err = (await rejection(make({ fetch: rec2.fetch, retries: 2, sleep: async () => {} }).workspace())) as LskError;
    expect(err).toMatchObject({ code: 'unavailable', status: 503, requestId: 'r1' });
    expect(rec2.calls).toHaveLength(3);
  });

  it('on 429 waits Retry-After and retries (real rate limit of a --rpm 2 workspace)', async () => {
    const slowKey = await live.lsk.workspace('slow', ['--rpm', '2']);
    const plain = new LskClient({ baseUrl: live.lsk.base, apiKey: slowKey, retries: 0 });
    await plain.workspace();
    await plain.workspace();
    const limited = (await rejection(plain.workspace())) as LskError;
    expect(limited).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(limited.retryAfter).toBeGreaterThan(0);
    expect(limited.retryAfter).toBeLessThanOrEqual(61);

    // A Retry-After longer than maxRetryDelayMs is not waited for.
    const impatient = (await rejection(new LskClient({ baseUrl: live.lsk.base, apiKey: slowKey, retries: 3, maxRetryDelayMs: 500 }).workspace())) as LskError;
    expect(impatient.code).toBe('rate_limited');

    // Bounded: instead of sleeping up to a minute, the sleep hook records the delay asked for, then
    // the operator raises the limit (the server re-reads the workspace within 2 s) and the retry passes.
    const delays: number[] = [];
    const rec = recordingFetch();
    const c = new LskClient({
      baseUrl: live.lsk.base,
      apiKey: slowKey,
      retries: 2,
      fetch: rec.fetch,
      sleep: async (ms) => {
        delays.push(ms);
        const r = await runCli(['workspace', 'set-plan', 'slow', '--rpm', '50'], live.lsk.env);
        expect(r.code, r.stderr).toBe(0);
        // Until the server has re-read the workspace: the key is answered again (outside this client).
        const probe = client(live.lsk.base, slowKey);
        const seen = await waitFor(
          () => probe('GET', '/v1/workspace'),
          (res) => res.status === 200,
          { timeout: 10_000, interval: 250 },
        );
        expect(seen.status).toBe(200);
      },
    });
    const ws = await c.workspace();
    expect(ws).toMatchObject({ slug: 'slow', rate_limit_rpm: 50 });
    expect(rec.calls).toHaveLength(2);
    expect(delays).toHaveLength(1);
    expect(delays[0]! % 1000).toBe(0); // whole seconds from Retry-After
    expect(delays[0]! / 1000).toBeGreaterThan(0);
    expect(delays[0]! / 1000).toBeLessThanOrEqual(61);
  }, 20_000);

  it('times out (timeoutMs) and honours an AbortSignal', async () => {
    // A server that accepts connections and never answers.
    const sockets: import('node:net').Socket[] = [];
    const hang: Server = createServer((s) => void sockets.push(s));
    await new Promise<void>((r) => hang.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(hang.address() as { port: number }).port}`;
    try {
      const t0 = Date.now();
      const err = (await rejection(new LskClient({ baseUrl: base, apiKey: live.key, timeoutMs: 200 }).workspace())) as LskError;
      expect(err).toBeInstanceOf(LskError);
      expect(err).toMatchObject({ code: 'timeout', status: 0 });
      expect(Date.now() - t0).toBeLessThan(5000);

      const ctrl = new AbortController();
      setTimeout(() => ctrl.abort(new Error('user gave up')), 100);
      const aborted = (await rejection(new LskClient({ baseUrl: base, apiKey: live.key, timeoutMs: 0 }).workspace({ signal: ctrl.signal }))) as Error;
      expect(aborted.message).toBe('user gave up');

      // Per-call timeout override.
      const per = (await rejection(new LskClient({ baseUrl: base, apiKey: live.key }).links({}, { timeoutMs: 100 }))) as LskError;
      expect(per.code).toBe('timeout');
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((r) => hang.close(r));
    }
    // An already-aborted signal never reaches the network.
    const rec = recordingFetch();
    const pre = AbortSignal.abort();
    await expect(make({ fetch: rec.fetch }).workspace({ signal: pre })).rejects.toBeDefined();
    expect(rec.calls).toHaveLength(0);
    // An abort during the backoff wait ends the call at once.
    const ctrl2 = new AbortController();
    const slow = make({
      fetch: recordingFetch([() => new Response('{}', { status: 503 })]).fetch,
      retries: 3,
      backoffMs: 60_000,
      maxRetryDelayMs: 120_000,
    });
    setTimeout(() => ctrl2.abort(new Error('stop waiting')), 100);
    await expect(slow.workspace({ signal: ctrl2.signal })).rejects.toThrow('stop waiting');
  });

  it('picks up Lsk-Rotated-Key by itself and tells the caller once', async () => {
    // The server (TTL 2 days, renewal in the last 1 day) sees a key the CLI issued with a 1-day
    // lifetime as already inside its renewal window, so it sends the successor on every response.
    const env = { ...live.lsk.env, LSK_KEY_TTL_DAYS: '1', LSK_KEY_RENEW_DAYS: '0' };
    const issued = await runCli(['key', 'create', '--workspace', 'acme', '--name', 'expiring'], env);
    expect(issued.code, issued.stderr).toBe(0);
    const oldKey = issued.last;
    expect(oldKey).toMatch(/^lsk_live_/);

    const rotated: string[] = [];
    const rec = recordingFetch();
    const c = new LskClient({ baseUrl: live.lsk.base, apiKey: oldKey, fetch: rec.fetch, onKeyRotated: (k) => rotated.push(k) });
    await c.workspace();
    expect(rotated).toHaveLength(1);
    const newKey = rotated[0]!;
    expect(newKey).toMatch(/^lsk_live_/);
    expect(newKey).not.toBe(oldKey);
    expect(c.apiKey).toBe(newKey);
    await c.links();
    await c.workspace();
    expect(rotated).toHaveLength(1);
    expect(rec.calls.map((x) => x.auth)).toEqual([`Bearer ${oldKey}`, `Bearer ${newKey}`, `Bearer ${newKey}`]);

    // The successor is a real key of the same workspace and name.
    const keys = (await make().keys()).data.filter((k) => k.name === 'expiring');
    expect(keys).toHaveLength(2);

    // A throwing callback does not break the request.
    const c2 = new LskClient({
      baseUrl: live.lsk.base,
      apiKey: oldKey,
      onKeyRotated: () => {
        throw new Error('boom');
      },
    });
    expect((await c2.workspace()).slug).toBe('acme');
    expect(c2.apiKey).toBe(newKey);
  });
});
