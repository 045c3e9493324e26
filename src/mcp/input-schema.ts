import { type GraphQLArgument, type GraphQLInputType, isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType } from 'graphql';
import { z } from 'zod';
import type { RestRoute } from '../v1/route.js';

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema documents are untyped JSON trees.
export type JsonSchema = Record<string, any>;

const SCALARS: Record<string, JsonSchema> = {
  String: { type: 'string' },
  ID: { type: 'string' },
  Int: { type: 'integer' },
  Float: { type: 'number' },
  Boolean: { type: 'boolean' },
  DateTime: { type: 'string', format: 'date-time' },
};

/** A GraphQL input type as JSON Schema (a nullable argument also takes null, as in GraphQL). */
function fromGraphQL(type: GraphQLInputType, description?: string | null): JsonSchema {
  const described = (s: JsonSchema): JsonSchema => (description ? { ...s, description } : s);
  if (isNonNullType(type)) return fromGraphQL(type.ofType, description);
  if (isListType(type)) return described({ type: 'array', items: fromGraphQL(type.ofType) });
  if (isEnumType(type)) return described({ type: 'string', enum: type.getValues().map((v) => v.name) });
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields());
    return described({
      type: 'object',
      properties: Object.fromEntries(fields.map((f) => [f.name, fromGraphQL(f.type, f.description)])),
      required: fields.filter((f) => isNonNullType(f.type)).map((f) => f.name),
      additionalProperties: false,
    });
  }
  // Custom scalars (GeoTargeting, LinkFields...) are JSON values their resolvers check with zod.
  if (isScalarType(type)) return described(SCALARS[type.name] ?? { description: type.description ?? type.name });
  return described({});
}

/** The JSON Schema properties of the zod schemas a REST route checks its input with (body, query, path). */
function routeProperties(routes: readonly RestRoute[]): Map<string, JsonSchema> {
  const out = new Map<string, JsonSchema>();
  for (const route of routes) {
    for (const schema of [route.body, route.query]) {
      if (!schema) continue;
      const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
      for (const [name, prop] of Object.entries((json.properties ?? {}) as JsonSchema)) out.set(name, prop);
    }
    for (const [name, schema] of Object.entries(route.params ?? {})) {
      const { $schema: _, ...prop } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
      out.set(name, prop);
    }
  }
  return out;
}

/**
 * A tool's input schema: one property per argument of its root field. Where /v1 projects the field,
 * each property is the JSON Schema of the same zod schema the resolver checks (and the OpenAPI
 * document states); otherwise it is the argument's GraphQL type. Descriptions are the schema's.
 */
export function toolInputSchema(args: readonly GraphQLArgument[], routes: readonly RestRoute[]): JsonSchema {
  const fromZod = routeProperties(routes);
  const properties: JsonSchema = {};
  for (const arg of args) {
    const zodProp = fromZod.get(arg.name);
    properties[arg.name] = zodProp
      ? { ...zodProp, ...(arg.description && !zodProp.description ? { description: arg.description } : {}) }
      : fromGraphQL(arg.type, arg.description);
  }
  const required = args.filter((a) => isNonNullType(a.type)).map((a) => a.name);
  return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false };
}
