import { csvHeader, linkCsvRow } from '../csv/link-csv.js';
import { successHeaders } from './headers.js';
import type { Json } from './json-schema.js';

/** The example: the header, then a row written by the export's own code (so the two always agree). */
const EXAMPLE =
  csvHeader() +
  linkCsvRow({
    id: 'lnk_3kTMd9sQ0pX1bY7zA2cW',
    workspaceId: 'wsp_example',
    domain: 'go.example.com',
    alias: 'spring',
    destination: 'https://example.com/spring-sale',
    geoTargeting: { DE: 'https://example.de/fruehling' },
    tags: ['campaign', 'spring'],
    clicks: 42,
    createdAt: new Date('2026-11-21T10:15:00.123Z'),
    updatedAt: new Date('2026-11-22T08:00:00.000Z'),
    title: 'Spring sale',
    externalId: 'crm-4711',
    expiresAt: new Date('2027-04-01T00:00:00.000Z'),
    expiredUrl: 'https://example.com/sale-over',
    maxClicks: 10000,
    passwordHash: null,
    deviceTargeting: { ios: 'https://apps.apple.com/app/id123456789' },
    rules: null,
    variants: null,
    utm: { source: 'newsletter', medium: 'email' },
    preview: null,
    status: 'active',
  });

/** GET /v1/links/export: streamed CSV, answered by the edge itself (no GraphQL field holds a stream). */
export function exportOperation(): Json {
  return {
    operationId: 'exportLinks',
    summary: 'Export every link as CSV',
    description:
      "Streams every link of the workspace as CSV (text/csv): a header row, then one row per link, newest first. geo_targeting is a JSON cell, tags are joined with |; a cell starting with = + - @ is prefixed with ' so spreadsheets do not run it. The same format is what `lsk links import` reads. Needs the scope links:read.",
    tags: ['links'],
    'x-lsk-scope': 'links:read',
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
