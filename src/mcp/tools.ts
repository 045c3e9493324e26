import { type DocumentNode, type GraphQLError, type GraphQLSchema, Kind } from 'graphql';
import { declaredScopes } from '../graphql/declared-scope.js';
import { fieldOperations } from '../http/rest/operations.js';
import { REST_ROUTES } from '../v1/routes.js';
import { type JsonSchema, toolInputSchema } from './input-schema.js';

/** One MCP tool: a GraphQL root field, run with the selection REST answers with. */
export interface McpTool {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  kind: 'Query' | 'Mutation';
  document: DocumentNode;
  /** Argument names (anything else in a call is refused). */
  args: ReadonlySet<string>;
  readOnly: boolean;
}

/**
 * The tools, derived from the schema on first use (docs/adr/0224): one per root field of Query and Mutation, named as
 * the field, described by the field's description and the scope it declares. No list is kept by
 * hand: a field added to the schema is a tool at the next start. Each operation is validated with
 * the engine's rules (document limits included) like the REST routes'; one that fails them is left out.
 */
export async function deriveTools(
  schema: GraphQLSchema,
  validate: (document: DocumentNode) => readonly GraphQLError[],
  refused: (field: string, reason: string) => void,
): Promise<McpTool[]> {
  const operationOf = await fieldOperations(schema);
  const tools: McpTool[] = [];
  for (const kind of ['Query', 'Mutation'] as const) {
    const root = kind === 'Query' ? schema.getQueryType() : schema.getMutationType();
    for (const field of Object.values(root?.getFields() ?? {})) {
      const document: DocumentNode = { kind: Kind.DOCUMENT, definitions: [operationOf(kind, field.name)] };
      const errors = validate(document);
      if (errors.length > 0) {
        // Never a reason to stop the server: the field is left out, said in the log, and the tool-list test fails.
        refused(field.name, errors.map((e) => e.message).join('; '));
        continue;
      }
      const scope = declaredScopes(field).join(' and ');
      const routes = REST_ROUTES.filter((r) => r.field === `${kind}.${field.name}`);
      tools.push({
        name: field.name,
        description: [field.description ?? field.name, scope ? `Needs the scope${scope.includes(' and ') ? 's' : ''} ${scope}.` : ''].filter(Boolean).join(' '),
        inputSchema: toolInputSchema(field.args, routes),
        kind,
        document,
        args: new Set(field.args.map((a) => a.name)),
        readOnly: kind === 'Query',
      });
    }
  }
  return tools;
}
