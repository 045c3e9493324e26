import type { GraphQLSchema } from 'graphql';
import { callerOf, type Principal } from '../auth/principal.js';
import { LskError } from '../domain/errors.js';
import { once } from '../domain/once.js';
import type { GraphQLContext } from '../graphql/context.js';
import { fromGraphQLErrors, type Logger } from '../http/errors.js';
import type { Executor } from '../http/graphql/execute.js';
import type { GraphQLServer } from '../http/graphql/yoga.js';
import type { Guard } from '../http/guard/guard.js';
import type { Services } from '../wiring/all-services.js';
import { deriveTools, type McpTool } from './tools.js';

export interface ToolRunner {
  /** The tools, derived on first use. */
  tools(): Promise<readonly McpTool[]>;
  /** Run one tool as the caller: the root field's data as the API answers it, or the API's error. */
  call(principal: Principal, name: string, args: unknown, requestId: string): Promise<unknown>;
}

/**
 * The tools and how they run: through the same guard (one plan unit per call, as one root field
 * costs on /graphql) and the same GraphQL engine as /graphql and /v1, so the field's declared scope,
 * the key's restrictions, the services' rules and the error table hold unchanged.
 */
export function createToolRunner(o: {
  schema: GraphQLSchema;
  yoga: GraphQLServer;
  execute: Executor;
  guard: Guard;
  services: Services;
  log: Logger;
}): ToolRunner {
  // Derived on the first MCP request, not at the server's start (docs/adr/0224).
  const derived = once(async () => {
    const tools = await deriveTools(
      o.schema,
      (doc) => o.yoga.getEnveloped({}).validate(o.schema, doc),
      (field, reason) => o.log.error({ field, reason }, 'MCP: a root field is left out of the tools (its operation is refused)'),
    );
    return { tools, byName: new Map(tools.map((t) => [t.name, t])) };
  });
  return {
    tools: async () => (await derived()).tools,
    async call(principal, name, args, requestId) {
      const tool = (await derived()).byName.get(name);
      if (!tool) throw new LskError('not_found', `No such tool: ${name}.`);
      const given = args ?? {};
      if (typeof given !== 'object' || Array.isArray(given)) throw LskError.validation([{ path: '(arguments)', message: 'must be an object' }]);
      const unknown = Object.keys(given).filter((k) => !tool.args.has(k));
      if (unknown.length) throw LskError.validation(unknown.map((k) => ({ path: k, message: 'is not an argument of this tool' })));
      await o.guard.charge(principal, 1);
      const context: GraphQLContext = { services: o.services, principal, caller: callerOf(principal, requestId), requestId };
      const result = await o.execute({ document: tool.document, context, variables: given as Record<string, unknown>, held: true });
      if (result.errors?.length) throw fromGraphQLErrors(result.errors, o.log);
      return (result.data as Record<string, unknown>)[name];
    },
  };
}
