/**
 * CSV files come from the two streamed calls the dashboard makes outside /graphql: GET
 * /v1/links/export (every link, docs/csv.md) and GET /v1/audit-log?format=csv (every matching audit
 * entry) — a stream of every row is not a GraphQL field's value. The session works there as on
 * /graphql (cookie, Lsk-Workspace, X-Lsk-Csrf); the file arrives as a blob.
 */
import { ApiError, fieldMap } from './errors';
import { currentWorkspace } from './workspace';

export const fetchLinksCsv = (): Promise<Blob> => fetchCsv('/v1/links/export');

/** A streamed CSV of the API (a path under /v1 with its query). */
export async function fetchCsv(path: string): Promise<Blob> {
  const ws = currentWorkspace();
  let res: Response;
  try {
    res = await fetch(path, { credentials: 'same-origin', headers: { 'x-lsk-csrf': '1', ...(ws ? { 'lsk-workspace': ws } : {}) } });
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
