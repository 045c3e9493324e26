import type { GraphQLSchema } from 'graphql';

interface SofaProjection {
  models: string[];
  ignore: string[];
  depthLimit: number;
}
const projections = new WeakMap<GraphQLSchema, Promise<SofaProjection>>();

/**
 * Sofa's view of the schema (its "models" and ignore list), from which each route's operation is
 * built exactly as Sofa builds it (see operations.ts). This is all lsk takes from Sofa: its router
 * is never mounted and its OpenAPI document is never built; the edge (handler.ts) matches the route
 * table (src/v1), checks the input and runs these operations on the GraphQL engine, and src/openapi
 * writes the document from the same table (docs/adr/0012). Sofa (with its own dependencies) is
 * loaded here, on first use, not when the server starts (docs/adr/0224).
 */
export function sofaProjection(schema: GraphQLSchema): Promise<SofaProjection> {
  // Once per schema: the REST routes and the MCP tools both build their operations from it.
  let projection = projections.get(schema);
  if (!projection) {
    projection = import('sofa-api').then(({ createSofa }) => {
      const sofa = createSofa({ basePath: '/v1', schema });
      return { models: sofa.models, ignore: sofa.ignore, depthLimit: sofa.depthLimit };
    });
    projections.set(schema, projection);
  }
  return projection;
}
