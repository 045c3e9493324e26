import { GraphQLError } from 'graphql';
import { ERROR_STATUS, type ErrorCode, type ErrorDetail, LskError } from '../domain/errors.js';
import { isUnreachable } from '../observability/store-errors.js';

/**
 * The one place errors become what clients see: the REST envelope, and GraphQL errors carrying
 * extensions.code (and extensions.http.status, which becomes the HTTP status on both surfaces).
 */

export interface ErrorEnvelope {
  error: { code: ErrorCode; message: string; details?: { path: string; message: string }[]; request_id: string };
}

export type Logger = { error: (obj: object, msg?: string) => void };

/**
 * What an error answer may hold: a 1 MB invalid body must not become a multi-MB error. A path (which
 * may repeat a key the caller sent) is clipped short; the message is as long as the summary of the
 * details gets (domain/errors.ts); a detail's own sentence is lsk's, and long enough for the longest
 * list of allowed values (the audit log's actions, about 950 characters): a clipped list would hide
 * the very value the caller was looking for.
 */
export const MAX_DETAILS = 50;
export const MAX_PATH_CHARS = 200;
export const MAX_MESSAGE_CHARS = 300;
export const MAX_DETAIL_MESSAGE_CHARS = 1_500;

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The details an answer carries: the first MAX_DETAILS, each path and message clipped. */
export function cappedDetails(details: readonly ErrorDetail[] | undefined): ErrorDetail[] | undefined {
  if (!details) return undefined;
  return details.slice(0, MAX_DETAILS).map((d) => ({ path: clip(d.path, MAX_PATH_CHARS), message: clip(d.message, MAX_DETAIL_MESSAGE_CHARS) }));
}

/** The answer's message: clipped, and saying how many problems were left out of `details`. */
export function cappedMessage(message: string, details: readonly ErrorDetail[] | undefined): string {
  const more = details && details.length > MAX_DETAILS ? ` (${details.length} problems; the first ${MAX_DETAILS} are listed)` : '';
  return clip(message, MAX_MESSAGE_CHARS) + more;
}

/** Unknown errors are logged and become a bare internal_error; a lost database becomes 503. */
export function clientError(e: unknown, log?: Logger): LskError {
  if (e instanceof LskError) return e;
  if (e instanceof GraphQLError) {
    if (requestFault(e)) return new LskError('validation_failed', e.message);
    const root = rootCause(e);
    if (!(root instanceof GraphQLError)) return clientError(root, log);
  }
  if (isUnreachable(e)) return new LskError('unavailable', 'The database cannot be reached; try again shortly.');
  log?.error({ err: e }, 'unexpected error');
  return new LskError('internal_error', 'An internal error occurred.');
}

/**
 * Whether a GraphQL error with no other cause is the request's fault (syntax, validation, variables).
 * Not when it was raised completing a field (it carries the field's path): graphql-jit reports a null
 * for a non-null field, or a value the field's type cannot serialize, that way; the server is at fault.
 */
function requestFault(e: GraphQLError): boolean {
  const root = rootCause(e);
  return root instanceof GraphQLError && !root.path?.length;
}

function rootCause(e: GraphQLError): unknown {
  let cause: unknown = e;
  while (cause instanceof GraphQLError && cause.originalError) cause = cause.originalError;
  return cause;
}

export function envelope(err: LskError, requestId: string): ErrorEnvelope {
  return {
    error: {
      code: err.code,
      message: cappedMessage(err.message, err.details),
      ...(err.details ? { details: cappedDetails(err.details) } : {}),
      request_id: requestId,
    },
  };
}

/** An error as a GraphQL error carrying the contract's code and HTTP status (yoga's error masking calls this). */
export function toGraphQLError(error: unknown, log?: Logger): GraphQLError {
  if (error instanceof GraphQLError && requestFault(error)) {
    // Parse, validation and variable-coercion errors: the request is at fault.
    if (error.extensions?.code && typeof error.extensions.code === 'string' && error.extensions.code in ERROR_STATUS) return error;
    return new GraphQLError(cappedMessage(error.message, undefined), {
      nodes: error.nodes,
      source: error.source,
      positions: error.positions,
      path: error.path,
      extensions: { code: 'validation_failed', http: { status: 400 } },
    });
  }
  const original = error instanceof GraphQLError ? (error.originalError ?? error) : error;
  const err = clientError(original, log);
  const gql = error instanceof GraphQLError ? error : undefined;
  const masked = new GraphQLError(cappedMessage(err.message, err.details), {
    nodes: gql?.nodes,
    source: gql?.source,
    positions: gql?.positions,
    path: gql?.path,
    // Kept (never serialised) so that REST finds the LskError again behind a masked error.
    originalError: err,
    extensions: {
      code: err.code,
      ...(err.details ? { details: cappedDetails(err.details) } : {}),
      http: { status: err.status, ...(err.retryAfter !== undefined ? { headers: { 'Retry-After': String(err.retryAfter) } } : {}) },
    },
  });
  // graphql-jit's errors carry their locations without the AST nodes they come from.
  if (!masked.locations && gql?.locations) Object.assign(masked, { locations: gql.locations });
  return masked;
}

/** Errors of one REST execution -> the LskError to answer with (the highest status wins). */
export function fromGraphQLErrors(errors: readonly unknown[], log?: Logger): LskError {
  let best: LskError | undefined;
  for (const e of errors) {
    const err = clientError(e, log);
    if (!best || err.status > best.status) best = err;
  }
  return best ?? new LskError('internal_error', 'An internal error occurred.');
}
