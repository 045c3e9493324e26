import { type GraphQLArgument, type GraphQLField, type GraphQLSchema, isObjectType } from 'graphql';
import type { RestRoute } from '../v1/route.js';
import type { Json } from './json-schema.js';

/**
 * The prose of the document comes from the GraphQL schema (which serves the same descriptions to
 * GraphiQL), the rules from the zod schemas: a component takes the description of the GraphQL type
 * of its name, its properties those of the type's fields, request bodies and parameters those of the
 * root field's arguments. Text the zod schema states itself is kept.
 */

function describe(target: Json, text: string | null | undefined): void {
  if (!text || target.description) return;
  if (target.$ref) {
    // Siblings of a $ref are ignored in OpenAPI 3.0; a one-element allOf carries the description.
    target.allOf = [{ $ref: target.$ref }];
    delete target.$ref;
  }
  target.description = text;
}

export function describeComponents(schema: GraphQLSchema, components: Record<string, Json>): void {
  for (const [name, component] of Object.entries(components)) {
    const type = schema.getType(name);
    if (!type) continue;
    describe(component, type.description);
    if (!isObjectType(type)) continue;
    const fields = type.getFields();
    for (const [prop, s] of Object.entries((component.properties ?? {}) as Json)) describe(s, fields[prop]?.description);
  }
}

/** The GraphQL root field a route projects. */
export function rootField(schema: GraphQLSchema, route: RestRoute): GraphQLField<unknown, unknown> {
  const [kind, name] = route.field.split('.') as ['Query' | 'Mutation', string];
  const field = (kind === 'Query' ? schema.getQueryType() : schema.getMutationType())?.getFields()[name];
  if (!field) throw new Error(`OpenAPI: the route ${route.method} ${route.path} projects ${route.field}, which the schema lacks`);
  return field;
}

export function argumentOf(field: GraphQLField<unknown, unknown>, name: string): GraphQLArgument {
  const arg = field.args.find((a) => a.name === name);
  if (!arg) throw new Error(`OpenAPI: ${field.name} has no argument ${name}`);
  return arg;
}

/** A request body's properties take the descriptions of the field's arguments of the same name. */
export function describeBody(body: Json, field: GraphQLField<unknown, unknown>): void {
  for (const [prop, s] of Object.entries((body.properties ?? {}) as Json)) describe(s, argumentOf(field, prop).description);
}
