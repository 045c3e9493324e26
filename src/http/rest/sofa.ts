import type { GraphQLSchema } from 'graphql';
import { createSofa } from 'sofa-api';

/**
 * Sofa's view of the schema (its "models" and ignore list), from which each route's operation is
 * built exactly as Sofa builds it (see operations.ts). This is all lsk takes from Sofa: its router
 * is never mounted and its OpenAPI document is never built; the edge (handler.ts) matches the route
 * table (src/v1), checks the input and runs these operations on the GraphQL engine, and src/openapi
 * writes the document from the same table (docs/adr/0012).
 */
export function sofaProjection(schema: GraphQLSchema): { models: string[]; ignore: string[]; depthLimit: number } {
  const sofa = createSofa({ basePath: '/v1', schema });
  return { models: sofa.models, ignore: sofa.ignore, depthLimit: sofa.depthLimit };
}
