/**
 * The links CSV (docs/csv.md) comes from GET /v1/links/export, the one call the dashboard makes
 * outside /graphql: a stream of every link is not a GraphQL field's value. The session works there
 * as on /graphql (cookie, Lsk-Workspace, X-Lsk-Csrf); the file arrives as a blob.
 */
import { ApiError, fieldMap } from './errors';
import { currentWorkspace } from './workspace';

export async function fetchLinksCsv(): Promise<Blob> {
  const ws = currentWorkspace();
  let res: Response;
  try {
    res = await fetch('/v1/links/export', { credentials: 'same-origin', headers: { 'x-lsk-csrf': '1', ...(ws ? { 'lsk-workspace': ws } : {}) } });
  } catch {
    throw new ApiError('network', 'The service cannot be reached. Check your connection and try again.');
  }
  if (res.ok) return res.blob();
  let err: { code?: string; message?: string; details?: unknown; request_id?: string } = {};
  try {
    err = ((await res.json()) as { error?: typeof err }).error ?? {};
  } catch {
    // Not JSON: the status says enough.
  }
  throw new ApiError(err.code ?? `http_${res.status}`, err.message ?? `The service answered ${res.status}.`, fieldMap(err.details), res.status, err.request_id);
}
