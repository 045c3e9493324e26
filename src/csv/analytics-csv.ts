import { csvCell } from './link-csv.js';

interface Row {
  key: string;
  clicks: number;
  alias?: string | null;
  short_url?: string | null;
  kind?: string | null;
  hosts?: string[] | null;
  hosts_more?: number | null;
  previous_clicks?: number | null;
}

/**
 * GET /v1/analytics?format=csv: the rows of `data` as CSV (RFC 4180, CRLF), header `key,clicks`, for
 * top links `key,clicks,alias,short_url`, for referrer sources `key,clicks,kind,hosts,hosts_more` (the
 * top hosts separated by spaces, and how many more); compared with the previous window, `previous_clicks` last (empty for a
 * bucket with none to pair). Cells are injection-safe like the links export's.
 */
export function analyticsCsv(result: Record<string, unknown>): string {
  const links = result.group_by === 'links';
  const sources = result.group_by === 'referrer_sources';
  const compared = result.previous !== undefined && result.previous !== null;
  const header = links ? ['key', 'clicks', 'alias', 'short_url'] : sources ? ['key', 'clicks', 'kind', 'hosts', 'hosts_more'] : ['key', 'clicks'];
  if (compared) header.push('previous_clicks');
  const lines = [header.join(',')];
  for (const r of result.data as Row[]) {
    const cells = [csvCell(r.key), String(r.clicks)];
    if (links) cells.push(csvCell(r.alias ?? ''), csvCell(r.short_url ?? ''));
    if (sources) cells.push(csvCell(r.kind ?? ''), csvCell((r.hosts ?? []).join(' ')), String(r.hosts_more ?? 0));
    if (compared) cells.push(r.previous_clicks === null || r.previous_clicks === undefined ? '' : String(r.previous_clicks));
    lines.push(cells.join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
