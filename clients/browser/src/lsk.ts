/**
 * lsk browser library: links CRUD over fetch, one file, no dependencies. Built with esbuild into
 * dist/lsk.min.js (ESM) and dist/lsk.iife.min.js (script tag, global `Lsk`). The types come from the
 * TypeScript client's generated types (schema/openapi.json), so they cannot drift.
 */
import type { CreateLinkBody, ErrorDetail, Link, LinkList, LinksQuery, UpdateLinkBody } from '../../typescript/src/types.js';

export type { CreateLinkBody, ErrorDetail, Link, LinkList, LinksQuery, UpdateLinkBody };

/** An error answer of the API (contract code, status, details, request_id), or a client-side failure (status 0). */
export class LskError extends Error {
  code: string;
  status: number;
  details: ErrorDetail[];
  requestId: string | null;
  retryAfter: number | null;
  constructor(code: string, message: string, status: number, details?: ErrorDetail[], requestId?: string | null, retryAfter?: number | null) {
    super(message);
    this.name = 'LskError';
    this.code = code;
    this.status = status;
    this.details = details || [];
    this.requestId = requestId || null;
    this.retryAfter = retryAfter ?? null;
  }
}

export interface LskOptions {
  /** Service root, e.g. `https://lsk.example.com`. */
  baseUrl: string;
  apiKey: string;
  /** Per request; default 30 000 ms; 0 = none. */
  timeoutMs?: number;
  /** Retries on 429 (after Retry-After, at most 120 s) and 503; default 1. Never on other statuses. */
  retries?: number;
  /** Called when the service rotates the key (Lsk-Rotated-Key); the client already switched. */
  onKeyRotated?: (key: string) => void;
  fetch?: typeof fetch;
}

export class LskClient {
  apiKey: string;
  private o: LskOptions;
  constructor(options: LskOptions) {
    this.o = options;
    this.apiKey = options.apiKey;
  }

  create(body: CreateLinkBody, signal?: AbortSignal): Promise<Link> {
    return this.req('POST', '/links', body, signal);
  }
  get(id: string, signal?: AbortSignal): Promise<Link> {
    return this.req('GET', `/links/${encodeURIComponent(id)}`, undefined, signal);
  }
  list(query: LinksQuery = {}, signal?: AbortSignal): Promise<LinkList> {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v != null) q.set(k, String(v));
    const s = q.toString();
    return this.req('GET', `/links${s ? `?${s}` : ''}`, undefined, signal);
  }
  update(id: string, body: UpdateLinkBody, signal?: AbortSignal): Promise<Link> {
    return this.req('PATCH', `/links/${encodeURIComponent(id)}`, body, signal);
  }
  delete(id: string, signal?: AbortSignal): Promise<void> {
    return this.req('DELETE', `/links/${encodeURIComponent(id)}`, undefined, signal);
  }

  private async req<T>(method: string, path: string, body: unknown, signal?: AbortSignal): Promise<T> {
    const o = this.o;
    const f = o.fetch || fetch;
    const ms = o.timeoutMs ?? 30000;
    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) throw signal.reason;
      const ctrl = new AbortController();
      const abort = () => ctrl.abort(signal!.reason);
      signal?.addEventListener('abort', abort);
      let timedOut = false;
      const timer =
        ms > 0
          ? setTimeout(() => {
              timedOut = true;
              ctrl.abort();
            }, ms)
          : 0;
      const headers: Record<string, string> = { authorization: `Bearer ${this.apiKey}` };
      if (body !== undefined) headers['content-type'] = 'application/json';
      let res: Response;
      try {
        res = await f(`${o.baseUrl.replace(/\/+$/, '')}/v1${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: ctrl.signal,
        });
      } catch (e) {
        if (signal?.aborted) throw signal.reason;
        throw new LskError(timedOut ? 'timeout' : 'network_error', timedOut ? `Timed out after ${ms} ms` : String((e as Error)?.message || e), 0);
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
      }
      const rotated = res.headers.get('lsk-rotated-key');
      if (rotated && rotated !== this.apiKey) {
        this.apiKey = rotated;
        o.onKeyRotated?.(rotated);
      }
      const text = await res.text();
      // biome-ignore lint/suspicious/noExplicitAny: the parsed body is checked field by field below.
      let json: any;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      if (res.ok) return json as T;
      const e = json?.error || {};
      const ra = res.headers.get('retry-after');
      const err = new LskError(
        e.code || `http_${res.status}`,
        e.message || `HTTP ${res.status}`,
        res.status,
        e.details,
        e.request_id || res.headers.get('x-request-id'),
        ra ? +ra : null,
      );
      const wait = res.status === 429 ? (err.retryAfter ?? 1) * 1000 : res.status === 503 ? 500 * 2 ** attempt : -1;
      if (wait < 0 || wait > 120000 || attempt >= (o.retries ?? 1)) throw err;
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}
