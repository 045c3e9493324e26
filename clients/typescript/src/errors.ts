/** The one error class of the client, and how an error answer becomes one. */
import type { ErrorCode, ErrorDetail } from './generated/api.js';

/** Codes raised by the client itself (no HTTP answer to carry one). */
export type ClientErrorCode = 'timeout' | 'network_error' | 'invalid_response';

/** Every failure: an error answer of the API (code, status, details, request_id) or a client-side one (status 0). */
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

  /** Same as `requestId`, under the API's wire name. */
  get request_id(): string | null {
    return this.requestId;
  }
}

export interface GraphQLErrorItem {
  message: string;
  path?: (string | number)[];
  extensions?: { code?: string; details?: ErrorDetail[]; request_id?: string; [k: string]: unknown };
}

/** An error answer -> LskError: the REST envelope `{"error": {...}}`, or a GraphQL `{"errors": [...]}` body. */
export async function toError(res: Response): Promise<LskError> {
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
