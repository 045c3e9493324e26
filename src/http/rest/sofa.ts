import type { GraphQLSchema } from 'graphql';

/**
 * Sofa's view of the schema (its "models" and ignore list), from which each route's operation is
 * built exactly as Sofa builds it (see operations.ts). This is all lsk takes from Sofa: its router
 * is never mounted and its OpenAPI document is never built; the edge (handler.ts) matches the route
 * table (src/v1), checks the input and runs these operations on the GraphQL engine, and src/openapi
 * writes the document from the same table (docs/adr/0012). Sofa (with its own dependencies) is
 * loaded here, on first use, not when the server starts (docs/adr/0224).
 */
export async function sofaProjection(schema: GraphQLSchema): Promise<{ models: string[]; ignore: string[]; depthLimit: number }> {
  const { createSofa } = await import('sofa-api');
  const sofa = createSofa({ basePath: '/v1', schema });
  return { models: sofa.models, ignore: sofa.ignore, depthLimit: sofa.depthLimit };
}
