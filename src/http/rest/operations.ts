import { buildOperationNodeForField } from '@graphql-tools/utils';
import type { DocumentNode, GraphQLError, GraphQLSchema, OperationDefinitionNode, TypeNode } from 'graphql';
import { Kind, OperationTypeNode, TypeInfo, visit, visitWithTypeInfo } from 'graphql';
import type { RestRoute } from '../../v1/route.js';
import { sofaProjection } from './sofa.js';

/** One /v1 route as the GraphQL operation it runs. */
export interface RestOperation {
  /** The root field (the key of the result's data). */
  field: string;
  document: DocumentNode;
  /** Variable name -> the named GraphQL input type (how a query-string value is read). */
  variables: Map<string, string>;
  /** Variables of a list type: a query-string value is a comma-separated list (?ids=lnk_a,lnk_b). */
  lists: Set<string>;
}

const isList = (t: TypeNode): boolean => t.kind === Kind.LIST_TYPE || (t.kind === Kind.NON_NULL_TYPE && isList(t.type));

function namedType(t: TypeNode): string {
  return t.kind === Kind.NAMED_TYPE ? t.name.value : namedType(t.type);
}

/** Fields GraphQL clients select on purpose and REST bodies never carry (`Type.field`). */
export const GRAPHQL_ONLY_FIELDS: readonly string[] = ['Tag.tagged_links', 'AnalyticsItem.link', 'ClickEvent.link', 'DomainList.default_host'];

/** The operation without the GraphQL-only fields, and without the variables only they used. */
function withoutGraphQLOnly(schema: GraphQLSchema, node: OperationDefinitionNode): OperationDefinitionNode {
  const info = new TypeInfo(schema);
  const stripped = visit(
    node,
    visitWithTypeInfo(info, {
      Field: (f) => (GRAPHQL_ONLY_FIELDS.includes(`${info.getParentType()?.name}.${f.name.value}`) ? null : undefined),
    }),
  );
  const used = new Set<string>();
  visit(stripped.selectionSet, { Variable: (v) => void used.add(v.name.value) });
  return { ...stripped, variableDefinitions: stripped.variableDefinitions?.filter((d) => used.has(d.variable.name.value)) };
}

/**
 * Data fields that take arguments of their own (Link.qr_svg) are GraphQL-only: a REST answer carries
 * the resource's data, not a drawing per link. Their selections and variables are taken out.
 */
export function withoutNestedArguments(node: OperationDefinitionNode): OperationDefinitionNode {
  const dropped = new Set<string>();
  const root = node.selectionSet.selections[0];
  const pruned = visit(node, {
    Field(f) {
      if (f === root || !f.arguments?.length) return undefined;
      for (const a of f.arguments) if (a.value.kind === Kind.VARIABLE) dropped.add(a.value.name.value);
      return null;
    },
  });
  return { ...pruned, variableDefinitions: pruned.variableDefinitions?.filter((v) => !dropped.has(v.variable.name.value)) };
}

/**
 * The operation that runs one root field with the selection Sofa makes for it (its models and ignore
 * list), without GraphQL-only fields and nested-argument fields: the resource's data as REST answers
 * it. REST routes and MCP tools both run these.
 */
export async function fieldOperations(schema: GraphQLSchema): Promise<(kind: 'Query' | 'Mutation', field: string) => OperationDefinitionNode> {
  const { models, ignore, depthLimit } = await sofaProjection(schema);
  return (kind, field) => {
    const built = buildOperationNodeForField({
      schema,
      kind: kind === 'Query' ? OperationTypeNode.QUERY : OperationTypeNode.MUTATION,
      field,
      models,
      ignore,
      circularReferenceDepth: depthLimit,
    });
    return withoutNestedArguments(withoutGraphQLOnly(schema, built));
  };
}

/**
 * The operation of every route, built once (on the first /v1 request: docs/adr/0224) exactly as Sofa builds it (its models and
 * ignore list decide the selection, so the answer has the shape the OpenAPI document describes).
 * Each is validated with the same rules as any GraphQL request, document limits included, so the
 * REST surface is bounded like /graphql; a route whose operation fails them fails every /v1 request
 * (an internal error), and the unit test that builds them all fails.
 */
export async function buildRestOperations(
  schema: GraphQLSchema,
  routes: readonly RestRoute[],
  validate: (document: DocumentNode) => readonly GraphQLError[],
): Promise<Map<RestRoute, RestOperation>> {
  const operationOf = await fieldOperations(schema);
  const out = new Map<RestRoute, RestOperation>();
  for (const route of routes) {
    const [kind, field] = route.field.split('.') as ['Query' | 'Mutation', string];
    const node = operationOf(kind, field);
    const document: DocumentNode = { kind: Kind.DOCUMENT, definitions: [node] };
    const errors = validate(document);
    if (errors.length > 0) throw new Error(`the operation of ${route.method} /v1${route.path} is refused: ${errors.map((e) => e.message).join('; ')}`);
    const variables = new Map((node.variableDefinitions ?? []).map((v) => [v.variable.name.value, namedType(v.type)] as const));
    const lists = new Set((node.variableDefinitions ?? []).filter((v) => isList(v.type)).map((v) => v.variable.name.value));
    out.set(route, { field, document, variables, lists });
  }
  return out;
}
