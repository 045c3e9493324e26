import { REST_ROUTES, type RestRoute } from '../http/rest-routes.js';

// biome-ignore lint/suspicious/noExplicitAny: OpenAPI documents are untyped JSON trees, edited in place.
type Obj = Record<string, any>;

const ERROR_CODES_BY_STATUS: Record<number, string[]> = {
  400: ['invalid_json', 'validation_failed', 'invalid_cursor'],
  401: ['unauthorized', 'invalid_api_key', 'key_expired', 'key_revoked'],
  404: ['not_found'],
  405: ['method_not_allowed'],
  409: ['alias_taken', 'domain_taken'],
  413: ['payload_too_large'],
  415: ['unsupported_media_type'],
  429: ['rate_limited'],
  500: ['internal_error'],
  503: ['unavailable'],
};

const REQUEST_ID_HEADER = { 'X-Request-Id': { description: 'Id of this request (also in error bodies).', schema: { type: 'string' } } };

const RATE_HEADERS = {
  'RateLimit-Limit': { description: 'Requests allowed per rolling 60 s (the workspace plan).', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window frees up.', schema: { type: 'integer' } },
  'RateLimit-Policy': { description: 'e.g. `100;w=60`.', schema: { type: 'string' } },
  'X-RateLimit-Limit': { description: 'Same as RateLimit-Limit (older clients).', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Same as RateLimit-Remaining (older clients).', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Same as RateLimit-Reset (older clients).', schema: { type: 'integer' } },
  ...REQUEST_ID_HEADER,
  'Lsk-Rotated-Key': { description: 'The successor of an expiring API key (switch to it).', schema: { type: 'string' } },
};

/** Path template names as the API reference (docs/api.md) names them, where a GraphQL argument name differs. */
const CONTRACT_PATHS: Record<string, { path: string; rename: Record<string, { name: string; description: string }> }> = {
  // updateTag(tag, name): the path segment is the current name, the body's "name" the new one.
  'Mutation.updateTag': { path: '/tags/{name}', rename: { tag: { name: 'name', description: 'Current name of the tag.' } } },
};

/** Query parameter constraints Sofa cannot know (the zod schemas enforce them). */
const QUERY_PARAM_SCHEMAS: Record<string, Record<string, Obj>> = {
  'Query.links': { limit: { minimum: 1, maximum: 100, default: 20 } },
  'Query.linkStats': { from: { format: 'date' }, to: { format: 'date' } },
};

/** Whether the route's strict body schema (zod, the one the REST edge applies) accepts null for a field. */
function acceptsNull(route: RestRoute, field: string): boolean {
  const shape = (route.body as { shape?: Record<string, { safeParse(v: unknown): { success: boolean } }> } | undefined)?.shape;
  return shape?.[field]?.safeParse(null).success ?? false;
}

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

/**
 * Output properties of GraphQL nullable fields: always present in a response (GraphQL returns every
 * selected field), null when empty. So: required and nullable, not optional.
 */
function nullableRequired(schema: Obj): void {
  if (schema.type !== 'object' || !schema.properties) return;
  const required = new Set<string>(schema.required ?? []);
  for (const [name, prop] of Object.entries(schema.properties as Obj)) {
    if (!required.has(name)) {
      prop.nullable = true;
      required.add(name);
    }
    if (/_at$/.test(name) && prop.type === 'string') prop.format = 'date-time';
  }
  schema.required = [...required].sort();
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
  // Sofa also emits the root types as schemas; nothing refers to them (and their $ref siblings are invalid noise).
  delete schemas.Query;
  delete schemas.Mutation;
  for (const [name, s] of Object.entries(schemas)) if (!/Input$/.test(name)) nullableRequired(s as Obj);
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
            items: {
              type: 'object',
              required: ['path', 'message'],
              properties: { path: { type: 'string', example: 'geo_targeting.US' }, message: { type: 'string' } },
            },
          },
          request_id: { type: 'string' },
        },
      },
    },
    example: {
      error: {
        code: 'validation_failed',
        message: 'The request is not valid.',
        details: [{ path: 'destination', message: 'must use http or https' }],
        request_id: 'c0ffee-1',
      },
    },
  };
  doc.components.responses = Object.fromEntries(
    Object.entries(ERROR_CODES_BY_STATUS).map(([status, codes]) => [
      `E${status}`,
      {
        description: `Error: ${codes.join(', ')}`,
        headers:
          Number(status) === 429
            ? { ...REQUEST_ID_HEADER, 'Retry-After': { description: 'Whole seconds to wait.', schema: { type: 'integer' } } }
            : REQUEST_ID_HEADER,
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
    if (op.description === route.summary) delete op.description;
    const pathParams = [...route.path.matchAll(/:([a-z_]+)/g)].map((m) => m[1]!);
    if (route.method !== 'GET') op.parameters = (op.parameters ?? []).filter((p: Obj) => p.in === 'path');
    for (const p of op.parameters ?? []) {
      if (p.in === 'query') Object.assign(p.schema, QUERY_PARAM_SCHEMAS[route.field]?.[p.name] ?? {});
    }
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
      for (const [name, prop] of Object.entries((schema.properties ?? {}) as Obj)) if (acceptsNull(route, name)) prop.nullable = true;
      op.requestBody.required = route.field !== 'Mutation.createKey';
      const example = EXAMPLES[route.field];
      if (example) op.requestBody.content['application/json'].example = example;
    }
    const ok = op.responses[String(route.status)] as Obj;
    ok.description = route.status === 204 ? 'Done; no body.' : route.status === 201 ? 'Created.' : 'OK.';
    if (route.status === 204) delete ok.content;
    ok.headers = { ...RATE_HEADERS, ...(route.location ? { Location: { description: 'Where the new resource lives.', schema: { type: 'string' } } } : {}) };
    const errors = [
      400,
      401,
      ...(pathParams.length > 0 ? [404] : []),
      ...(route.method === 'POST' || route.method === 'PATCH' ? [409, 413, 415] : []),
      429,
      500,
      503,
    ];
    if (!['Mutation.createLink', 'Mutation.updateLink', 'Mutation.createDomain'].includes(route.field)) {
      const i = errors.indexOf(409);
      if (i >= 0) errors.splice(i, 1);
    }
    for (const s of errors) op.responses[String(s)] = { $ref: `#/components/responses/E${s}` };

    const rename = CONTRACT_PATHS[route.field];
    if (rename) {
      for (const p of op.parameters ?? []) {
        const to = rename.rename[p.name];
        if (p.in === 'path' && to) Object.assign(p, { name: to.name, description: to.description });
      }
      const method = route.method.toLowerCase();
      delete doc.paths[path][method];
      if (Object.keys(doc.paths[path]).length === 0) delete doc.paths[path];
      doc.paths[rename.path] = { ...doc.paths[rename.path], [method]: op };
    }
  }
  return doc;
}
