/**
 * The dashboard's only way to data: POST /graphql with the session cookie, the workspace header and
 * the CSRF header the service requires of cookie requests. Typed by the generated documents.
 */
import type { TypedDocumentString } from '../gql/graphql';
import { ApiError, fieldMap } from './errors';
import { currentWorkspace } from './workspace';

interface WireError {
  message?: string;
  extensions?: { code?: string; details?: unknown; request_id?: string };
}

/** Called when the API says the session is gone (the app shows the sign-in page). */
let onSignedOut: () => void = () => {};
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

export function apiHeaders(): Record<string, string> {
  const ws = currentWorkspace();
  return { 'content-type': 'application/json', 'x-lsk-csrf': '1', ...(ws ? { 'lsk-workspace': ws } : {}) };
}

export async function gql<R, V>(document: TypedDocumentString<R, V>, ...[variables]: V extends Record<string, never> ? [] : [V]): Promise<R> {
  let res: Response;
  try {
    res = await fetch('/graphql', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { ...apiHeaders(), accept: 'application/graphql-response+json, application/json' },
      body: JSON.stringify({ query: document.toString(), variables: variables ?? {} }),
    });
  } catch {
    throw new ApiError('network', 'The service cannot be reached. Check your connection and try again.');
  }
  let body: { data?: R | null; errors?: WireError[] };
  try {
    body = await res.json();
  } catch {
    throw new ApiError('bad_response', `The service answered ${res.status} without a readable body.`, {}, res.status);
  }
  const first = body.errors?.[0];
  if (first) {
    const code = first.extensions?.code ?? 'internal_error';
    if (code === 'unauthorized') onSignedOut();
    throw new ApiError(code, first.message ?? code, fieldMap(first.extensions?.details), res.status, first.extensions?.request_id);
  }
  if (!body.data) throw new ApiError('bad_response', 'The service answered without data.', {}, res.status);
  return body.data;
}

/** A root field answered null without an error: what the page asked for does not exist (any more). */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new ApiError('not_found', `No such ${what} (it may have been deleted).`);
  return value;
}
