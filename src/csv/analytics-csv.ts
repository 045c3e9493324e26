import { csvCell } from './link-csv.js';

interface Row {
  key: string;
  clicks: number;
  alias?: string | null;
  short_url?: string | null;
}

/**
 * GET /v1/analytics?format=csv: the rows of `data` as CSV (RFC 4180, CRLF), header `key,clicks`, and
 * for top links `key,clicks,alias,short_url`. Cells are injection-safe like the links export's.
 */
export function analyticsCsv(result: Record<string, unknown>): string {
  const links = result.group_by === 'links';
  const header = links ? ['key', 'clicks', 'alias', 'short_url'] : ['key', 'clicks'];
  const lines = [header.join(',')];
  for (const r of result.data as Row[]) {
    const cells = [csvCell(r.key), String(r.clicks)];
    if (links) cells.push(csvCell(r.alias ?? ''), csvCell(r.short_url ?? ''));
    lines.push(cells.join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
