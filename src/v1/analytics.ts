import { analyticsCsv } from '../csv/analytics-csv.js';
import { EVENT_COLUMNS, eventsCsvHeader, eventsCsvRows } from '../csv/events-csv.js';
import { analyticsSchema, clickEventListSchema } from '../domain/analytics-outputs.js';
import { analyticsRestQuerySchema, eventsRestQuerySchema, restAnalyticsVariables } from '../domain/analytics-schemas.js';
import type { RestRoute } from './route.js';

type Item = { key: string; clicks: number; previous_clicks: number | null } & Record<string, unknown>;

/** Fields of some rows only: REST leaves them out where GraphQL answers null (alias and short_url: top links; kind, hosts and hosts_more: referrer sources). */
const ROW_ONLY = ['alias', 'short_url', 'kind', 'hosts', 'hosts_more'];

/**
 * REST shows alias and short_url on top-link rows only and kind, hosts and hosts_more on referrer-source rows only
 * (GraphQL answers null for the others), and `previous` and `previous_clicks` only when compared
 * (without `compare` the answer is as before it).
 */
function presentAnalytics(data: unknown): unknown {
  const r = { ...(data as { data: Item[]; previous?: unknown }) };
  const compared = r.previous !== null && r.previous !== undefined;
  if (!compared) delete r.previous;
  const row = ({ previous_clicks, ...rest }: Item) => ({
    ...Object.fromEntries(Object.entries(rest).filter(([k, v]) => v !== null || !ROW_ONLY.includes(k))),
    ...(compared ? { previous_clicks } : {}),
  });
  return { ...r, data: r.data.map(row) };
}

const CSV_EXAMPLE = 'key,clicks\r\n2026-11-20T00:00:00.000Z,2\r\n2026-11-21T00:00:00.000Z,0\r\n2026-11-22T00:00:00.000Z,5\r\n';
const EVENT_EXAMPLE = {
  timestamp: '2026-11-22T09:14:03.512Z',
  link_id: 'lnk_3kTMd9sQ0pX1bY7zA2cW',
  short_url: 'https://go.example.com/spring',
  country: 'DE',
  continent: 'EU',
  region: 'DE-BE',
  city: 'Berlin',
  device: 'mobile',
  browser: 'Safari',
  os: 'iOS',
  referrer: 'news.example',
  referrer_url: 'https://news.example/today',
  utm_source: 'newsletter',
  utm_medium: 'email',
  utm_campaign: 'spring',
  utm_term: null,
  utm_content: null,
  trigger: 'qr',
  language: 'de',
  variant: null,
};

/** GET /v1/analytics/events; with format=csv or ndjson it streams (http/rest/events-stream.ts). */
export const EVENTS_PATH = '/analytics/events';

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
    variables: restAnalyticsVariables,
    response: analyticsSchema,
    present: presentAnalytics,
    csv: {
      parameter:
        'json (default) or csv: the rows of `data` as text/csv, header key,clicks (top links add alias,short_url; referrer sources add kind,hosts,hosts_more, the top 20 hosts separated by spaces and the count of the rest; compare=previous adds previous_clicks last).',
      encode: (data) => analyticsCsv(presentAnalytics(data) as Record<string, unknown>),
      example: CSV_EXAMPLE,
      filename: (data) => `analytics-${String(data.group_by)}.csv`,
    },
  },
  {
    field: 'Query.clickEvents',
    method: 'GET',
    path: EVENTS_PATH,
    status: 200,
    tag: 'analytics',
    summary: 'Click events, newest first',
    query: eventsRestQuerySchema,
    queryParams: Object.keys(eventsRestQuerySchema.shape),
    variables: restAnalyticsVariables,
    response: clickEventListSchema,
    csv: {
      parameter: `json (default): one page. csv or ndjson: every match streamed, newest first (csv: header ${EVENT_COLUMNS.join(',')}; ndjson: one JSON event per line).`,
      encode: (data) => eventsCsvHeader() + eventsCsvRows((data as { data: Record<string, unknown>[] }).data),
      example: eventsCsvHeader() + eventsCsvRows([EVENT_EXAMPLE]),
      ndjsonExample: `${JSON.stringify(EVENT_EXAMPLE)}\n`,
    },
  },
];
