import { z } from 'zod';

// biome-ignore lint/suspicious/noExplicitAny: OpenAPI documents are untyped JSON trees.
export type Json = Record<string, any>;

export const componentRef = (name: string) => `#/components/schemas/${name}`;

/** Properties and `required` in name order (as GraphQL's sorted schema has them), at every depth. */
function sortProperties(node: Json): void {
  if (!node || typeof node !== 'object') return;
  if (node.properties && typeof node.properties === 'object' && !Array.isArray(node.properties)) {
    node.properties = Object.fromEntries(Object.entries(node.properties as Json).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    if (Array.isArray(node.required)) node.required = [...node.required].sort();
  }
  for (const child of Object.values(node)) sortProperties(child as Json);
}

/**
 * zod's OpenAPI 3.0 output for one schema, tidied: no `$id`; properties in name order, so the
 * generated clients' field and parameter order does not follow source edits. Schemas zod cannot
 * express alone (a transform's output, a custom check) emit `{}` plus what their `.meta()` states;
 * the document test checks that every property ends up with a type.
 */
function tidy(schema: Json): Json {
  delete schema.$id;
  sortProperties(schema);
  return schema;
}

/**
 * OpenAPI component schemas from named zod schemas; where one contains another of the set, it refers
 * to it by `$ref`. `io` picks the side of transforms: "input" for requests, "output" for responses.
 */
export function componentSchemas(named: Record<string, z.ZodType>, io: 'input' | 'output'): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(named)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { target: 'openapi-3.0', io, uri: componentRef, unrepresentable: 'any' });
  if ('__shared' in schemas) throw new Error('OpenAPI: zod extracted shared definitions; name them as components instead');
  return Object.fromEntries(Object.entries(schemas).map(([name, s]) => [name, tidy(s as Json)]));
}

/** One schema inline (a parameter's), as a request reads it. */
export function inputSchema(schema: z.ZodType): Json {
  return tidy(z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) as Json);
}
