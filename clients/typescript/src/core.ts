/**
 * The transport under every call: the bearer key and its rotation (`Lsk-Rotated-Key`), per-attempt
 * timeouts and AbortSignal, retries of 429 (after `Retry-After`) and 503 (backoff), error answers as
 * LskError, and success bodies read by their content type. Only `fetch`, `AbortController` and
 * `setTimeout`: Node 18+ and browsers alike.
 */
import { LskError, toError } from './errors.js';

export interface LskClientOptions {
  /** Service root, e.g. `https://lsk.example.com` (REST calls go to `${baseUrl}/v1/…`, GraphQL to `${baseUrl}/graphql`). */
  baseUrl: string;
  /** `lsk_live_…`. Replaced by itself when the service sends `Lsk-Rotated-Key`. */
  apiKey: string;
  /** Per attempt; default 30 000 ms; 0 = none. */
  timeoutMs?: number;
  /** Retries on 429 (after `Retry-After`) and 503 (exponential backoff); never on other statuses. Default 2. */
  retries?: number;
  /** First backoff step for 503 (doubles each retry, with jitter); default 500 ms. */
  backoffMs?: number;
  /** A longer `Retry-After` than this is not waited for: the 429 is thrown instead. Default 120 000 ms. */
  maxRetryDelayMs?: number;
  /** Called once per new key when the service rotates the key; the client already uses it. Persist it. */
  onKeyRotated?: (newKey: string) => void;
  /** A fetch implementation (defaults to globalThis.fetch). */
  fetch?: typeof fetch;
  /** Waits between retries (tests may override); default setTimeout, cut short by the request's signal. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Extra headers sent on every request. */
  headers?: Record<string, string>;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Overrides the client's timeoutMs for this call. */
  timeoutMs?: number;
  /** Overrides the client's retries for this call. */
  retries?: number;
  /** Extra headers for this call. */
  headers?: Record<string, string>;
}

const defaultSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** A success body by its content type: JSON parsed, text (CSV, SVG, XML) as a string, anything else as a Blob; 204 -> undefined. */
export async function readBody(res: Response): Promise<unknown> {
  const type = res.headers.get('content-type') ?? '';
  if (res.status === 204) return undefined;
  if (!type || /^application\/(.+\+)?json\b/i.test(type)) {
    const text = await res.text();
    try {
      return text ? JSON.parse(text) : undefined;
    } catch (cause) {
      throw new LskError({
        code: 'invalid_response',
        status: res.status,
        message: `Expected JSON, got: ${text.slice(0, 100)}`,
        requestId: res.headers.get('x-request-id'),
        cause,
      });
    }
  }
  if (/^text\/|^image\/svg\+xml|^application\/(.+\+)?xml/i.test(type)) return res.text();
  return res.blob();
}

export class Transport {
  private key: string;
  private readonly announced = new Set<string>();

  constructor(readonly opts: LskClientOptions) {
    if (!opts.baseUrl) throw new TypeError('LskClient: baseUrl is required');
    if (!opts.apiKey) throw new TypeError('LskClient: apiKey is required');
    this.key = opts.apiKey;
  }

  get apiKey(): string {
    return this.key;
  }

  /** One request with retries; resolves with the success Response (body unread), rejects with LskError. */
  async send(url: string, method: string, body: string | undefined, o: RequestOptions = {}): Promise<Response> {
    const doFetch = this.opts.fetch ?? globalThis.fetch;
    const retries = Math.max(0, o.retries ?? this.opts.retries ?? 2);
    const timeoutMs = o.timeoutMs ?? this.opts.timeoutMs ?? 30_000;
    for (let attempt = 0; ; attempt++) {
      if (o.signal?.aborted) throw o.signal.reason;
      const ctrl = new AbortController();
      const onAbort = () => ctrl.abort(o.signal!.reason);
      o.signal?.addEventListener('abort', onAbort, { once: true });
      let timedOut = false;
      const onTimeout = () => {
        timedOut = true;
        ctrl.abort();
      };
      const timer = timeoutMs > 0 ? setTimeout(onTimeout, timeoutMs) : undefined;
      const headers: Record<string, string> = {
        accept: 'application/json, */*;q=0.5',
        ...this.opts.headers,
        ...o.headers,
        authorization: `Bearer ${this.key}`,
      };
      if (body !== undefined) headers['content-type'] = 'application/json';
      let res: Response;
      try {
        res = await doFetch(url, { method, headers, body, signal: ctrl.signal });
      } catch (err) {
        if (timedOut) throw new LskError({ code: 'timeout', status: 0, message: `${method} ${url} timed out after ${timeoutMs} ms`, cause: err });
        if (o.signal?.aborted) throw o.signal.reason;
        throw new LskError({ code: 'network_error', status: 0, message: `${method} ${url} failed: ${(err as Error)?.message ?? err}`, cause: err });
      } finally {
        clearTimeout(timer);
        o.signal?.removeEventListener('abort', onAbort);
      }
      this.noticeRotation(res);
      if (res.ok) return res;
      const err = await toError(res);
      if (attempt >= retries || (res.status !== 429 && res.status !== 503)) throw err;
      const delay = this.delay(err, res.status, attempt);
      if (delay > (this.opts.maxRetryDelayMs ?? 120_000)) throw err;
      await (this.opts.sleep ?? defaultSleep)(delay, o.signal);
    }
  }

  private delay(err: LskError, status: number, attempt: number): number {
    if (err.retryAfter !== null) return err.retryAfter * 1000;
    if (status === 429) return 1000;
    return (this.opts.backoffMs ?? 500) * 2 ** attempt * (0.5 + Math.random() / 2);
  }

  private noticeRotation(res: Response): void {
    const next = res.headers.get('lsk-rotated-key');
    if (!next || next === this.key || this.announced.has(next)) return;
    this.announced.add(next);
    this.key = next;
    try {
      this.opts.onKeyRotated?.(next);
    } catch {
      /* the caller's callback must not break the request */
    }
  }
}
