/**
 * lsk TypeScript client (Node 18+ and browsers; ESM; only `fetch`, `AbortController`, `setTimeout`).
 * The request/response types and the operation table come from ./types.ts, generated from
 * schema/openapi.json, so the client cannot drift from the API.
 */

import type {
  ApiKeyList,
  CreateDomainBody,
  CreatedApiKey,
  CreateKeyBody,
  CreateLinkBody,
  Domain,
  DomainList,
  ErrorCode,
  ErrorDetail,
  Link,
  LinkList,
  LinkStats,
  LinkStatsQuery,
  LinksQuery,
  OperationId,
  Operations,
  Tag,
  TagList,
  UpdateLinkBody,
  UpdateTagBody,
  Workspace,
} from './types.js';
import { basePath, errorStatus, operations } from './types.js';

/** Codes raised by the client itself (no HTTP answer to carry one). */
export type ClientErrorCode = 'timeout' | 'network_error' | 'invalid_response';

/** Every failure: an error answer of the API (contract code, status, details, request_id) or a client-side one (status 0). */
export class LskError extends Error {
  override readonly name = 'LskError';
  readonly code: ErrorCode | ClientErrorCode | (string & {});
  /** HTTP status; 0 when no answer arrived (timeout, network error). */
  readonly status: number;
  readonly details: ErrorDetail[];
  readonly requestId: string | null;
  /** Seconds from `Retry-After` (429), when present. */
  readonly retryAfter: number | null;

  constructor(init: {
    code: string;
    message: string;
    status: number;
    details?: ErrorDetail[];
    requestId?: string | null;
    retryAfter?: number | null;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.details = init.details ?? [];
    this.requestId = init.requestId ?? null;
    this.retryAfter = init.retryAfter ?? null;
  }

  /** Same as `requestId`, under the contract's wire name. */
  get request_id(): string | null {
    return this.requestId;
  }
}

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
}

/** A GraphQL document tagged with its result and variables types (see ./graphql.ts). */
export type TypedDocument<TData, TVariables> = string & { readonly __types?: { data: TData; variables: TVariables } };

export interface GraphQLErrorItem {
  message: string;
  path?: (string | number)[];
  extensions?: { code?: string; details?: ErrorDetail[]; request_id?: string; [k: string]: unknown };
}

type Args<K extends OperationId> = {
  params?: Operations[K]['params'];
  query?: Operations[K]['query'];
  body?: Operations[K]['body'];
};

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

export class LskClient {
  private key: string;
  private readonly base: string;
  private readonly opts: LskClientOptions;
  private readonly announced = new Set<string>();

  constructor(options: LskClientOptions) {
    if (!options.baseUrl) throw new TypeError('LskClient: baseUrl is required');
    if (!options.apiKey) throw new TypeError('LskClient: apiKey is required');
    this.opts = options;
    this.key = options.apiKey;
    this.base = options.baseUrl.replace(/\/+$/, '');
  }

  /** The key in use (the rotated one once the service has sent it). */
  get apiKey(): string {
    return this.key;
  }

  // ---- links ----
  createLink(body: CreateLinkBody, o?: RequestOptions): Promise<Link> {
    return this.call('createLink', { body }, o);
  }
  links(query: LinksQuery = {}, o?: RequestOptions): Promise<LinkList> {
    return this.call('links', { query }, o);
  }
  /** Every link, page by page (newest first). */
  async *allLinks(query: Omit<LinksQuery, 'cursor'> = {}, o?: RequestOptions): AsyncGenerator<Link> {
    let cursor: string | null | undefined;
    do {
      const page = await this.links({ ...query, ...(cursor ? { cursor } : {}) }, o);
      yield* page.data;
      cursor = page.next_cursor;
    } while (cursor);
  }
  link(id: string, o?: RequestOptions): Promise<Link> {
    return this.call('link', { params: { id } }, o);
  }
  updateLink(id: string, body: UpdateLinkBody, o?: RequestOptions): Promise<Link> {
    return this.call('updateLink', { params: { id }, body }, o);
  }
  deleteLink(id: string, o?: RequestOptions): Promise<void> {
    return this.call('deleteLink', { params: { id } }, o);
  }
  linkStats(id: string, query: LinkStatsQuery = {}, o?: RequestOptions): Promise<LinkStats> {
    return this.call('linkStats', { params: { id }, query }, o);
  }

  // ---- tags ----
  tags(o?: RequestOptions): Promise<TagList> {
    return this.call('tags', {}, o);
  }
  /** Rename a tag; renaming to an existing name merges the two. */
  updateTag(name: string, body: UpdateTagBody, o?: RequestOptions): Promise<Tag> {
    return this.call('updateTag', { params: { name }, body }, o);
  }
  deleteTag(name: string, o?: RequestOptions): Promise<void> {
    return this.call('deleteTag', { params: { name } }, o);
  }

  // ---- domains ----
  domains(o?: RequestOptions): Promise<DomainList> {
    return this.call('domains', {}, o);
  }
  createDomain(body: CreateDomainBody, o?: RequestOptions): Promise<Domain> {
    return this.call('createDomain', { body }, o);
  }
  deleteDomain(host: string, o?: RequestOptions): Promise<void> {
    return this.call('deleteDomain', { params: { host } }, o);
  }

  // ---- keys ----
  keys(o?: RequestOptions): Promise<ApiKeyList> {
    return this.call('keys', {}, o);
  }
  /** The answer holds the secret (`key`), shown this once. */
  createKey(body: CreateKeyBody = {}, o?: RequestOptions): Promise<CreatedApiKey> {
    return this.call('createKey', { body }, o);
  }
  revokeKey(id: string, o?: RequestOptions): Promise<void> {
    return this.call('revokeKey', { params: { id } }, o);
  }

  // ---- workspace ----
  workspace(o?: RequestOptions): Promise<Workspace> {
    return this.call('workspace', {}, o);
  }

  /**
   * Any operation of the generated table by its operationId (the named methods above call this).
   * Resolves with the parsed body (undefined for 204); rejects with LskError.
   */
  async call<K extends OperationId>(id: K, args: Args<K> = {}, o: RequestOptions = {}): Promise<Operations[K]['response']> {
    const op = operations[id];
    const params = (args.params ?? {}) as Record<string, string>;
    let path = op.path as string;
    for (const name of op.pathParams as readonly string[]) {
      const v = params[name];
      if (v === undefined || v === '') throw new TypeError(`${id}: missing path parameter ${name}`);
      path = path.replace(`{${name}}`, encodeURIComponent(v));
    }
    const qs = new URLSearchParams();
    const query = (args.query ?? {}) as Record<string, unknown>;
    for (const name of op.queryParams as readonly string[]) {
      const v = query[name];
      if (v !== undefined && v !== null) qs.set(name, String(v));
    }
    const search = qs.toString();
    const url = `${this.base}${basePath}${path}${search ? `?${search}` : ''}`;
    const hasBody = op.body !== 'none';
    const res = await this.send(url, op.method, hasBody ? JSON.stringify(args.body ?? {}) : undefined, o);
    if (res.status === 204) return undefined as Operations[K]['response'];
    return (await this.json(res)) as Operations[K]['response'];
  }

  /**
   * A GraphQL operation on `${baseUrl}/graphql`. Resolves with `data`; a response with errors rejects
   * with an LskError carrying the first error's `extensions.code` (and its status from the contract).
   */
  async graphql<TData = Record<string, unknown>, TVariables extends Record<string, unknown> = Record<string, unknown>>(
    query: TypedDocument<TData, TVariables> | string,
    variables?: TVariables,
    o: RequestOptions = {},
  ): Promise<TData> {
    const res = await this.send(`${this.base}/graphql`, 'POST', JSON.stringify({ query, ...(variables ? { variables } : {}) }), o);
    const body = (await this.json(res)) as { data?: TData; errors?: GraphQLErrorItem[] };
    const first = body.errors?.[0];
    if (first) {
      const code = first.extensions?.code ?? 'internal_error';
      throw new LskError({
        code,
        message: first.message,
        status: errorStatus[code as ErrorCode] ?? Math.max(res.status, 400),
        details: first.extensions?.details,
        requestId: first.extensions?.request_id ?? res.headers.get('x-request-id'),
      });
    }
    return body.data as TData;
  }

  // ---- transport ----

  private async send(url: string, method: string, body: string | undefined, o: RequestOptions): Promise<Response> {
    const doFetch = this.opts.fetch ?? globalThis.fetch;
    const sleep = this.opts.sleep ?? defaultSleep;
    const retries = Math.max(0, o.retries ?? this.opts.retries ?? 2);
    const timeoutMs = o.timeoutMs ?? this.opts.timeoutMs ?? 30_000;
    const maxDelay = this.opts.maxRetryDelayMs ?? 120_000;
    const backoff = this.opts.backoffMs ?? 500;

    for (let attempt = 0; ; attempt++) {
      if (o.signal?.aborted) throw o.signal.reason;
      const ctrl = new AbortController();
      const onAbort = () => ctrl.abort(o.signal!.reason);
      o.signal?.addEventListener('abort', onAbort, { once: true });
      let timedOut = false;
      const timer =
        timeoutMs > 0
          ? setTimeout(() => {
              timedOut = true;
              ctrl.abort();
            }, timeoutMs)
          : undefined;
      const headers: Record<string, string> = { accept: 'application/json', ...this.opts.headers, authorization: `Bearer ${this.key}` };
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
      // GraphQL errors may come with 200 (handled in graphql()) or with the status of their code (toError).
      if (res.ok) return res;
      const err = await this.toError(res);
      if (attempt >= retries || (res.status !== 429 && res.status !== 503)) throw err;
      let delay: number;
      if (err.retryAfter !== null) delay = err.retryAfter * 1000;
      else if (res.status === 429) delay = 1000;
      else delay = backoff * 2 ** attempt * (0.5 + Math.random() / 2);
      if (delay > maxDelay) throw err;
      await sleep(delay, o.signal);
    }
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

  private async json(res: Response): Promise<unknown> {
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

  /** An error answer -> LskError: the REST envelope `{"error": {...}}`, or a GraphQL `{"errors": [...]}` body. */
  private async toError(res: Response): Promise<LskError> {
    const ra = res.headers.get('retry-after');
    const retryAfter = ra !== null && /^\d+$/.test(ra.trim()) ? Number(ra) : null;
    let body: { error?: { code?: string; message?: string; details?: ErrorDetail[]; request_id?: string }; errors?: GraphQLErrorItem[] } | undefined;
    try {
      body = JSON.parse(await res.text());
    } catch {
      body = undefined;
    }
    const g = body?.errors?.[0];
    const e =
      body?.error ?? (g ? { code: g.extensions?.code, message: g.message, details: g.extensions?.details, request_id: g.extensions?.request_id } : undefined);
    return new LskError({
      code: e?.code ?? `http_${res.status}`,
      message: e?.message ?? `HTTP ${res.status}`,
      status: res.status,
      details: e?.details,
      requestId: e?.request_id ?? res.headers.get('x-request-id'),
      retryAfter,
    });
  }
}
