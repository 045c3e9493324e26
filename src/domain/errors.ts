/** The contract's error codes and their HTTP statuses: the one table every surface maps from. */
export const ERROR_STATUS = {
  invalid_json: 400,
  validation_failed: 400,
  invalid_cursor: 400,
  query_too_complex: 400,
  unauthorized: 401,
  invalid_api_key: 401,
  key_expired: 401,
  key_revoked: 401,
  invalid_credentials: 401,
  insufficient_scope: 403,
  forbidden: 403,
  csrf_failed: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  alias_taken: 409,
  domain_taken: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  unavailable: 503,
  external_id_taken: 409,
  link_expired: 410,
  idempotency_in_progress: 409,
  idempotency_key_mismatch: 422,
  link_disabled: 403,
  workspace_suspended: 403,
  destination_blocked: 422,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorDetail {
  path: string;
  message: string;
}

/** The one error type of lsk. Everything a client may see is thrown as an LskError. */
export class LskError extends Error {
  readonly code: ErrorCode;
  readonly details?: ErrorDetail[];
  /** Seconds, for rate_limited. */
  readonly retryAfter?: number;
  /** HTTP headers the answer carries besides the body (Allow, the RateLimit-* set...). */
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    opts: { details?: ErrorDetail[]; retryAfter?: number; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'LskError';
    this.code = code;
    if (opts.details && opts.details.length > 0) this.details = opts.details;
    if (opts.retryAfter !== undefined) this.retryAfter = opts.retryAfter;
    this.headers = { ...opts.headers };
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  static notFound(what: string): LskError {
    return new LskError('not_found', `${what} not found`);
  }

  static validation(details: ErrorDetail[], message = summarize(details)): LskError {
    return new LskError('validation_failed', message, { details });
  }

  static aliasTaken(domain: string, alias: string): LskError {
    return new LskError('alias_taken', `The alias "${alias}" is already in use on ${domain}.`, {
      details: [{ path: 'alias', message: `is already in use on ${domain}` }],
    });
  }

  static domainTaken(host: string): LskError {
    return new LskError('domain_taken', `The domain ${host} is already registered.`, {
      details: [{ path: 'host', message: 'is already registered' }],
    });
  }
}

/** The top-level message of validation_failed: the first problems as a sentence ("destination is required."). */
function summarize(details: readonly ErrorDetail[]): string {
  const shown = details.slice(0, 3).map((d) => (d.path === '(body)' ? `the body ${d.message}` : `${d.path} ${d.message}`));
  if (shown.length === 0) return 'The request is not valid.';
  const more = details.length > shown.length ? `; and ${details.length - shown.length} more` : '';
  const text = `${shown.join('; ')}${more}.`;
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

export function isLskError(e: unknown): e is LskError {
  return e instanceof LskError;
}
