import { analyticsCsv } from '../csv/analytics-csv.js';
import { analyticsSchema } from '../domain/analytics-outputs.js';
import { analyticsRestQuerySchema } from '../domain/analytics-schemas.js';
import type { RestRoute } from './route.js';

type Item = { key: string; clicks: number; alias: string | null; short_url: string | null };

/** REST shows alias and short_url on top-link rows only (GraphQL answers null for the others). */
function presentAnalytics(data: unknown): unknown {
  const r = data as { data: Item[] };
  return { ...r, data: r.data.map(({ alias, short_url, ...rest }) => (alias === null ? rest : { ...rest, alias, short_url })) };
}

const CSV_EXAMPLE = 'key,clicks\r\n2026-11-20T00:00:00.000Z,2\r\n2026-11-21T00:00:00.000Z,0\r\n2026-11-22T00:00:00.000Z,5\r\n';

/** Click analytics of the workspace (JSON or CSV). */
export const ANALYTICS_ROUTES: readonly RestRoute[] = [
  {
    field: 'Query.analytics',
    method: 'GET',
    path: '/analytics',
    status: 200,
    tag: 'analytics',
    summary: 'Click analytics of the workspace',
    query: analyticsRestQuerySchema,
    queryParams: Object.keys(analyticsRestQuerySchema.shape),
    response: analyticsSchema,
    present: presentAnalytics,
    csv: {
      parameter: 'json (default) or csv: the rows of `data` as text/csv, header key,clicks (top links add alias,short_url).',
      encode: (data) => analyticsCsv(presentAnalytics(data) as Record<string, unknown>),
      example: CSV_EXAMPLE,
    },
  },
];
