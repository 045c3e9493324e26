import type { GraphQLSchema } from 'graphql';
import { createSofa, useSofa } from 'sofa-api';
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

/** How Sofa projects the schema onto /v1: our route table and the GeoTargeting scalar. */
function sofaConfig(schema: GraphQLSchema): SofaConfig {
  const routes = Object.fromEntries(
    REST_ROUTES.map((r) => [r.field, { method: r.method, path: r.path, responseStatus: r.status, tags: [r.tag], description: r.summary }]),
  );
  return {
    basePath: '/v1',
    schema,
    routes,
    customScalars: { GeoTargeting: GEO_TARGETING_SCHEMA },
    openAPI: { endpoint: SOFA_OPENAPI_PATH, info: { title: 'lsk', version: '1.0.0' } },
    // fets would serve a Swagger UI page that loads from a CDN; /docs serves one from node_modules.
    swaggerUI: { endpoint: false as unknown as string },
  } as SofaConfig;
}

/** Sofa's router for the schema: what builds the raw OpenAPI document (see openapi-document.ts). */
export function createRestRouter(schema: GraphQLSchema) {
  return useSofa(sofaConfig(schema));
}

/**
 * Sofa's view of the schema (its "models" and ignore list), from which each route's operation is
 * built exactly as Sofa builds it (see operations.ts).
 */
export function sofaProjection(schema: GraphQLSchema): { models: string[]; ignore: string[]; depthLimit: number } {
  const sofa = createSofa(sofaConfig(schema));
  return { models: sofa.models, ignore: sofa.ignore, depthLimit: sofa.depthLimit };
}
