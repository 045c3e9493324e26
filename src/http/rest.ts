import type { GraphQLSchema } from 'graphql';
import { useSofa } from 'sofa-api';
import { LskError } from '../domain/errors.js';
import { issuesToDetails, parseOrThrow } from '../domain/validate.js';
import type { GraphQLContext } from '../graphql/context.js';
import { envelope, fromGraphQLErrors, type Logger } from './errors.js';
import { parseJsonObject } from './http-io.js';
import { REST_ROUTES, type RestRoute } from './rest-routes.js';

export const SOFA_OPENAPI_PATH = '/__sofa/openapi.json';

/** GeoTargeting in OpenAPI: the country -> URL map. */
export const GEO_TARGETING_SCHEMA = {
  type: 'object',
  description: 'ISO 3166-1 alpha-2 country code (upper case) -> absolute http(s) URL.',
  additionalProperties: { type: 'string', format: 'uri' },
  example: { DE: 'https://example.de/spring', FR: 'https://example.fr/printemps' },
};

/** Sofa projects the schema onto /v1 with our route table; errors become the contract's envelope. */
export function createRestRouter(schema: GraphQLSchema, log: Logger) {
  const routes = Object.fromEntries(
    REST_ROUTES.map((r) => [r.field, { method: r.method, path: r.path, responseStatus: r.status, tags: [r.tag], description: r.summary }]),
  );
  return useSofa({
    basePath: '/v1',
    schema,
    routes,
    context: (serverContext: { lsk: GraphQLContext }) => serverContext.lsk,
    customScalars: { GeoTargeting: GEO_TARGETING_SCHEMA },
    openAPI: { endpoint: SOFA_OPENAPI_PATH, info: { title: 'lsk', version: '1.0.0' } },
    // fets would serve a Swagger UI page that loads from a CDN; /docs serves one from node_modules.
    swaggerUI: { endpoint: false as unknown as string },
    errorHandler: (errors: readonly unknown[]) => {
      const err = fromGraphQLErrors(errors, log);
      const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
      if (err.retryAfter !== undefined) headers['retry-after'] = String(err.retryAfter);
      // The request id is filled in by the edge (Sofa's error handler does not see the request).
      return new Response(JSON.stringify(envelope(err, '')), { status: err.status, headers });
    },
  } as Parameters<typeof useSofa>[0]);
}

/**
 * The REST edge's own checks before Sofa runs: Sofa drops unknown keys, coerces types and lets the
 * query string override the body, so the raw request is validated strictly with the same zod schema
 * the resolver uses. Returns the JSON text to hand to Sofa.
 */
export function validateRestInput(route: RestRoute, url: URL, contentType: string | undefined, body: Buffer): string | null {
  const names = [...url.searchParams.keys()];
  const unknown = names.filter((n) => !route.queryParams?.includes(n));
  const dupes = names.filter((n, i) => names.indexOf(n) !== i);
  const problems = [
    ...unknown.map((n) => ({ path: n, message: 'unknown query parameter' })),
    ...[...new Set(dupes)].map((n) => ({ path: n, message: 'given more than once' })),
  ];
  if (route.query) {
    const known = Object.fromEntries([...url.searchParams].filter(([n]) => route.queryParams?.includes(n)));
    const r = route.query.safeParse(known);
    if (!r.success) problems.push(...issuesToDetails(r.error.issues));
  }
  if (problems.length > 0) throw LskError.validation(problems);

  if (route.method === 'GET' || route.method === 'DELETE') return null;
  // An empty body is an empty object (POST /v1/keys needs nothing).
  const raw = body.length > 0 ? parseJsonObject(body, contentType) : {};
  parseOrThrow(route.body!, raw);
  // Sofa drops null values; for these two fields null and empty mean the same ("none").
  const forSofa: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  if ('geo_targeting' in forSofa && forSofa.geo_targeting === null) forSofa.geo_targeting = {};
  if ('tags' in forSofa && forSofa.tags === null) forSofa.tags = [];
  return JSON.stringify(forSofa);
}
