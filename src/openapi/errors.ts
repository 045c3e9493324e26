import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '../domain/errors.js';
import type { RestRoute } from '../v1/route.js';
import { errorHeaders } from './headers.js';
import { componentRef, type Json } from './json-schema.js';

const CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

const bodyField = (field: string) => (r: RestRoute) => r.body instanceof z.ZodObject && field in r.body.shape;
const withBody = (r: RestRoute) => r.body !== undefined;

/**
 * Which operations can answer a code (a code not listed here: any operation). Read from the route
 * table, so a new route gets its errors without an entry here.
 */
const WHERE: Partial<Record<ErrorCode, (r: RestRoute) => boolean>> = {
  invalid_json: withBody,
  // Any operation: a body over its limit, and request headers (a long query string) over theirs.
  unsupported_media_type: withBody,
  invalid_cursor: (r) => r.queryParams?.includes('cursor') ?? false,
  // A resource in the path, or a link named in the query (GET /analytics?link_id=) or the body (a report's link_id).
  not_found: (r) => r.path.includes(':') || (r.queryParams?.includes('link_id') ?? false) || bodyField('link_id')(r),
  // Answered for a path when the method is not one of its operations, never by an operation.
  method_not_allowed: () => false,
  alias_taken: bodyField('alias'),
  domain_taken: bodyField('host'),
  external_id_taken: bodyField('external_id'),
  // Answered by short-link redirects, never by an operation.
  link_expired: () => false,
  idempotency_in_progress: (r) => r.idempotent === true,
  idempotency_key_mismatch: (r) => r.idempotent === true,
  // Only POST /auth/sign-in answers it (outside /v1).
  invalid_credentials: () => false,
  // Answered by short-link redirects, never by an operation.
  link_disabled: () => false,
  // Operations that write target URLs of links.
  destination_blocked: (r) => r.tag === 'links' && r.body !== undefined,
};

export const codesOf = (route: RestRoute): ErrorCode[] => CODES.filter((c) => (WHERE[c] ?? (() => true))(route));

/** The error statuses an operation can answer, each with the codes it carries there. */
export function errorStatuses(route: RestRoute): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codesOf(route)) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

/** The error envelope; its code enum is the one error table's keys. */
export const ERROR_SCHEMA: Json = {
  type: 'object',
  description: 'Every error answer, REST and GraphQL alike, carries one code of this list.',
  required: ['error'],
  additionalProperties: false,
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'request_id'],
      additionalProperties: false,
      properties: {
        code: { type: 'string', enum: CODES },
        message: { type: 'string', minLength: 1, description: 'A human sentence.' },
        details: {
          type: 'array',
          description: 'Every field problem found (only when fields are at fault).',
          items: {
            type: 'object',
            required: ['path', 'message'],
            additionalProperties: false,
            properties: {
              path: { type: 'string', description: 'The field, e.g. geo_targeting.US; "(body)" for the body as a whole.' },
              message: { type: 'string', minLength: 1 },
            },
          },
        },
        request_id: { type: 'string', minLength: 1 },
      },
    },
  },
};

/** components.responses: one per status of the error table ("Error: code, code"), with an example. */
export function errorResponses(examples: Record<string, Json>): Json {
  const statuses = [...new Set(Object.values(ERROR_STATUS))].sort((a, b) => a - b);
  return Object.fromEntries(
    statuses.map((status) => {
      const codes = CODES.filter((c) => ERROR_STATUS[c] === status);
      const code = codes.find((c) => examples[c]);
      if (!code) throw new Error(`OpenAPI: no example for any error code of status ${status} (${codes.join(', ')})`);
      return [
        `E${status}`,
        {
          description: `Error: ${codes.join(', ')}`,
          headers: errorHeaders(status),
          content: { 'application/json': { schema: { $ref: componentRef('Error') }, example: examples[code] } },
        },
      ];
    }),
  );
}
