import { GraphQLError } from 'graphql';
import { ERROR_STATUS, type ErrorCode, LskError } from '../domain/errors.js';
import { StoreUnavailable } from '../storage/errors.js';

/**
 * The one place errors become what clients see: the REST envelope, and GraphQL errors carrying
 * extensions.code (and extensions.http.status, which Sofa turns into the REST status).
 */

export interface ErrorEnvelope {
  error: { code: ErrorCode; message: string; details?: { path: string; message: string }[]; request_id: string };
}

export type Logger = { error: (obj: object, msg?: string) => void };

/** Unknown errors are logged and become a bare internal_error; a lost database becomes 503. */
export function clientError(e: unknown, log?: Logger): LskError {
  if (e instanceof LskError) return e;
  if (e instanceof GraphQLError) {
    const root = rootCause(e);
    // A GraphQL error with no other cause is graphql-js refusing the request (syntax, validation, variables).
    if (root instanceof GraphQLError) return new LskError('validation_failed', e.message);
    return clientError(root, log);
  }
  if (e instanceof StoreUnavailable || isConnectionError(e)) return new LskError('unavailable', 'The database cannot be reached; try again shortly.');
  log?.error({ err: e }, 'unexpected error');
  return new LskError('internal_error', 'An internal error occurred.');
}

function rootCause(e: GraphQLError): unknown {
  let cause: unknown = e;
  while (cause instanceof GraphQLError && cause.originalError) cause = cause.originalError;
  return cause;
}

function isConnectionError(e: unknown): boolean {
  const name = (e as { name?: string } | null)?.name ?? '';
  return /^Mongo(ServerSelection|Network|NotConnected|Topology)/.test(name);
}

export function envelope(err: LskError, requestId: string): ErrorEnvelope {
  return {
    error: {
      code: err.code,
      message: err.message,
      ...(err.details ? { details: err.details } : {}),
      request_id: requestId,
    },
  };
}

/** An error as a GraphQL error (what yoga returns and what Sofa reads the status from). */
export function toGraphQLError(error: unknown, log?: Logger): GraphQLError {
  if (error instanceof GraphQLError && rootCause(error) instanceof GraphQLError) {
    // Parse, validation and variable-coercion errors of graphql-js: the request is at fault.
    if (error.extensions?.code && typeof error.extensions.code === 'string' && error.extensions.code in ERROR_STATUS) return error;
    return new GraphQLError(error.message, {
      nodes: error.nodes,
      source: error.source,
      positions: error.positions,
      path: error.path,
      extensions: { code: 'validation_failed', http: { status: 400 } },
    });
  }
  const original = error instanceof GraphQLError ? error.originalError : error;
  const err = clientError(original, log);
  const gql = error instanceof GraphQLError ? error : undefined;
  return new GraphQLError(err.message, {
    nodes: gql?.nodes,
    source: gql?.source,
    positions: gql?.positions,
    path: gql?.path,
    extensions: {
      code: err.code,
      ...(err.details ? { details: err.details } : {}),
      http: { status: err.status, ...(err.retryAfter !== undefined ? { headers: { 'Retry-After': String(err.retryAfter) } } : {}) },
    },
  });
}

/** Errors of one Sofa execution -> the LskError to answer with (highest status wins, as in Sofa). */
export function fromGraphQLErrors(errors: readonly unknown[], log?: Logger): LskError {
  let best: LskError | undefined;
  for (const e of errors) {
    const err = clientError(e, log);
    if (!best || err.status > best.status) best = err;
  }
  return best ?? new LskError('internal_error', 'An internal error occurred.');
}
