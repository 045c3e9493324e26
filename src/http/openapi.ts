import { REST_ROUTES } from './rest-routes.js';

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ERROR_CODES_BY_STATUS: Record<number, string[]> = {
  400: ['invalid_json', 'validation_failed', 'invalid_cursor'],
  401: ['unauthorized', 'invalid_api_key', 'key_expired', 'key_revoked'],
  404: ['not_found'],
  409: ['alias_taken', 'domain_taken'],
  413: ['payload_too_large'],
  415: ['unsupported_media_type'],
  429: ['rate_limited'],
  500: ['internal_error'],
  503: ['unavailable'],
};

const RATE_HEADERS = {
  'RateLimit-Limit': { description: 'Requests allowed per rolling 60 s (the workspace plan).', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window frees up.', schema: { type: 'integer' } },
  'RateLimit-Policy': { description: 'e.g. `100;w=60`.', schema: { type: 'string' } },
  'X-Request-Id': { description: 'Id of this request (also in error bodies).', schema: { type: 'string' } },
  'Lsk-Rotated-Key': { description: 'The successor of an expiring API key (switch to it).', schema: { type: 'string' } },
};

const EXAMPLES: Record<string, Obj> = {
  'Mutation.createLink': {
    destination: 'https://example.com/spring-sale',
    domain: 'go.example.com',
    alias: 'spring',
    geo_targeting: { DE: 'https://example.de/fruehling', FR: 'https://example.fr/printemps' },
    tags: ['campaign', 'spring'],
  },
  'Mutation.updateLink': { destination: 'https://example.com/summer-sale', tags: ['campaign'] },
  'Mutation.updateTag': { name: 'marketing' },
  'Mutation.createDomain': { host: 'go.example.com' },
  'Mutation.createKey': { name: 'ci' },
};

/** Mark output properties that are not required as nullable (GraphQL nullable fields). */
function nullableOptional(schema: Obj): void {
  if (schema.type !== 'object' || !schema.properties) return;
  const required = new Set<string>(schema.required ?? []);
  for (const [name, prop] of Object.entries(schema.properties as Obj)) {
    if (!required.has(name)) prop.nullable = true;
    if (/_at$/.test(name) && prop.type === 'string') prop.format = 'date-time';
  }
}

/**
 * Sofa's raw OpenAPI -> the published document: operation ids and summaries, bearer security, the
 * error envelope on every operation, no body fields repeated as query parameters, bodiless 204s,
 * nullable fields, rate-limit headers and examples.
 */
export function finishOpenApi(raw: Obj): Obj {
  const doc: Obj = structuredClone(raw);
  doc.openapi = '3.0.3';
  doc.info = {
    title: 'lsk',
    version: '1.0.0',
    description:
      'Link management: short links on custom domains, aliases, geo-targeting, tags and click statistics. ' +
      'REST /v1 is a projection of the GraphQL schema at /graphql. Authenticate with `Authorization: Bearer lsk_live_…`.',
  };
  doc.servers = [{ url: '/v1' }];
  delete doc.paths['/__sofa/openapi.json'];
  doc.components ??= {};
  doc.components.securitySchemes = { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'lsk_live_<JWT>' } };
  doc.security = [{ bearer: [] }];
  const schemas = doc.components.schemas as Obj;
  for (const [name, s] of Object.entries(schemas)) if (!/Input$/.test(name)) nullableOptional(s as Obj);
  schemas.Error = {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message', 'request_id'],
        properties: {
          code: { type: 'string', enum: Object.values(ERROR_CODES_BY_STATUS).flat() },
          message: { type: 'string', description: 'A human sentence.' },
          details: {
            type: 'array',
            description: 'Every field problem found (only when fields are at fault).',
            items: { type: 'object', required: ['path', 'message'], properties: { path: { type: 'string', example: 'geo_targeting.US' }, message: { type: 'string' } } },
          },
          request_id: { type: 'string' },
        },
      },
    },
    example: { error: { code: 'validation_failed', message: 'The request is not valid.', details: [{ path: 'destination', message: 'must use http or https' }], request_id: 'c0ffee-1' } },
  };
  doc.components.responses = Object.fromEntries(
    Object.entries(ERROR_CODES_BY_STATUS).map(([status, codes]) => [
      `E${status}`,
      {
        description: `Error: ${codes.join(', ')}`,
        headers: Number(status) === 429 ? { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } } : undefined,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );

  for (const route of REST_ROUTES) {
    const path = route.path.replace(/:([a-z_]+)/g, '{$1}');
    const op: Obj | undefined = doc.paths[path]?.[route.method.toLowerCase()];
    if (!op) throw new Error(`OpenAPI: no operation for ${route.method} ${path}`);
    const fieldName = route.field.split('.')[1]!;
    op.operationId = fieldName;
    op.summary = route.summary;
    const pathParams = [...route.path.matchAll(/:([a-z_]+)/g)].map((m) => m[1]!);
    if (route.method !== 'GET') op.parameters = (op.parameters ?? []).filter((p: Obj) => p.in === 'path');
    if (op.parameters?.length === 0) delete op.parameters;
    if (route.method === 'DELETE') delete op.requestBody;
    if (op.requestBody) {
      const schema = op.requestBody.content['application/json'].schema as Obj;
      for (const p of pathParams) {
        delete schema.properties?.[p];
        schema.required = (schema.required ?? []).filter((n: string) => n !== p);
      }
      if (!schema.required?.length) delete schema.required;
      schema.additionalProperties = false;
      op.requestBody.required = route.field !== 'Mutation.createKey';
      const example = EXAMPLES[route.field];
      if (example) op.requestBody.content['application/json'].example = example;
    }
    const ok = op.responses[String(route.status)] as Obj;
    ok.description = route.status === 204 ? 'Done; no body.' : route.status === 201 ? 'Created.' : 'OK.';
    if (route.status === 204) delete ok.content;
    ok.headers = { ...RATE_HEADERS, ...(route.location ? { Location: { description: 'Where the new resource lives.', schema: { type: 'string' } } } : {}) };
    const errors = [400, 401, ...(pathParams.length > 0 ? [404] : []), ...(route.method === 'POST' || route.method === 'PATCH' ? [409, 413, 415] : []), 429, 500, 503];
    if (!['Mutation.createLink', 'Mutation.updateLink', 'Mutation.createDomain'].includes(route.field)) {
      const i = errors.indexOf(409);
      if (i >= 0) errors.splice(i, 1);
    }
    for (const s of errors) op.responses[String(s)] = { $ref: `#/components/responses/E${s}` };
  }
  return doc;
}
