import { CSV_COLUMNS } from '../csv/link-csv.js';
import { successHeaders } from './headers.js';
import type { Json } from './json-schema.js';

const EXAMPLE = `${CSV_COLUMNS.join(',')}\r\nlnk_3kTMd9sQ0pX1bY7zA2cW,https://go.example.com/spring,go.example.com,spring,https://example.com/spring-sale,"{""DE"":""https://example.de/fruehling""}",campaign|spring,42,2026-11-21T10:15:00.123Z,2026-11-22T08:00:00.000Z\r\n`;

/** GET /v1/links/export: streamed CSV, answered by the edge itself (no GraphQL field holds a stream). */
export function exportOperation(): Json {
  return {
    operationId: 'exportLinks',
    summary: 'Export every link as CSV',
    description:
      "Streams every link of the workspace as CSV (text/csv): a header row, then one row per link, newest first. geo_targeting is a JSON cell, tags are joined with |; a cell starting with = + - @ is prefixed with ' so spreadsheets do not run it. The same format is what `lsk links import` reads. Needs the scope links:read.",
    tags: ['links'],
    responses: {
      200: {
        description: 'The CSV, streamed.',
        headers: successHeaders(false),
        content: { 'text/csv': { schema: { type: 'string' }, example: EXAMPLE } },
      },
      ...Object.fromEntries([400, 401, 403, 429, 500, 503].map((s) => [s, { $ref: `#/components/responses/E${s}` }])),
    },
  };
}
