import type { GraphQLSchema } from 'graphql';
import { createSofa, useSofa } from 'sofa-api';
import type { GraphQLContext } from '../../graphql/context.js';
import { envelope, fromGraphQLErrors, type Logger } from '../errors.js';
import { REST_ROUTES } from '../rest-routes.js';

export const SOFA_OPENAPI_PATH = '/__sofa/openapi.json';

/** GeoTargeting in OpenAPI: the country -> URL map. */
export const GEO_TARGETING_SCHEMA = {
  type: 'object',
  description: 'ISO 3166-1 alpha-2 country code (upper case) -> absolute http(s) URL.',
  additionalProperties: { type: 'string', format: 'uri' },
  example: { DE: 'https://example.de/spring', FR: 'https://example.fr/printemps' },
};

type SofaConfig = Parameters<typeof useSofa>[0];

/** How Sofa projects the schema onto /v1: our route table, the GeoTargeting scalar, the error envelope. */
function sofaConfig(schema: GraphQLSchema, log: Logger): SofaConfig {
  const routes = Object.fromEntries(
    REST_ROUTES.map((r) => [r.field, { method: r.method, path: r.path, responseStatus: r.status, tags: [r.tag], description: r.summary }]),
  );
  return {
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
      return new Response(JSON.stringify(envelope(err, '')), { status: err.status, headers });
    },
  } as SofaConfig;
}

/** Sofa's router for the schema: what builds the raw OpenAPI document (see openapi-document.ts). */
export function createRestRouter(schema: GraphQLSchema, log: Logger) {
  return useSofa(sofaConfig(schema, log));
}

/**
 * Sofa's view of the schema (its "models" and ignore list), from which each route's operation is
 * built exactly as Sofa builds it (see operations.ts).
 */
export function sofaProjection(schema: GraphQLSchema, log: Logger): { models: string[]; ignore: string[]; depthLimit: number } {
  const sofa = createSofa(sofaConfig(schema, log));
  return { models: sofa.models, ignore: sofa.ignore, depthLimit: sofa.depthLimit };
}
