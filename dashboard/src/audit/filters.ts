/** The audit page's state in the URL: its filters and page, so a filtered view reloads and can be shared. */
export const FILTERS = ['action', 'actor', 'target', 'from', 'to'] as const;
export type Filter = (typeof FILTERS)[number];

/** /audit with `changes` applied to `search` (empty values drop the parameter). */
export function auditPath(search: URLSearchParams, changes: Partial<Record<Filter | 'cursor', string | null>>): string {
  const next = new URLSearchParams(search);
  for (const [k, v] of Object.entries(changes)) {
    if (v) next.set(k, v);
    else next.delete(k);
  }
  const s = next.toString();
  return `/audit${s ? `?${s}` : ''}`;
}

/** The API's arguments for the URL's filters (the URL names them shorter). */
export function queryOf(search: URLSearchParams) {
  return {
    action: search.get('action'),
    actor_id: search.get('actor'),
    target_id: search.get('target'),
    from: search.get('from'),
    to: search.get('to'),
  };
}

/** GET /v1/audit-log?format=csv with the same filters (every matching entry). */
export function csvPath(search: URLSearchParams): string {
  const q = new URLSearchParams({ format: 'csv' });
  for (const [k, v] of Object.entries(queryOf(search))) if (v) q.set(k, v);
  return `/v1/audit-log?${q}`;
}
