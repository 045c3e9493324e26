import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { loadDeferred } from '../domain/deferred.js';
import { buildSchema } from '../graphql/schema/index.js';
import { createExecutor } from '../http/graphql/execute.js';
import { createGraphQLServer } from '../http/graphql/yoga.js';
import { apiKeyAuthenticator } from '../http/guard/authenticators.js';
import { Guard } from '../http/guard/guard.js';
import { createLogger } from '../logger.js';
import { createToolRunner } from '../mcp/runner.js';
import { createMcpServer } from '../mcp/server.js';
import type { CommandContext } from './command.js';

/** `lsk mcp` once its key is there: the GraphQL tools over stdin/stdout until stdin closes. */
export async function serveMcp(ctx: CommandContext, secret: string): Promise<void> {
  const services = await ctx.services();
  const log = createLogger(ctx.config.logLevel, 'stderr');
  const principal = await services.keys.authenticate(`Bearer ${secret}`);
  const schema = buildSchema();
  // A long-running server, like lsk's own: the libraries some tools need are loaded before the first call.
  await loadDeferred();
  const yoga = createGraphQLServer(schema, log);
  const guard = new Guard({ services, limiter: services.limiter, authenticators: [apiKeyAuthenticator(services.keys)], anonymousPerMinute: 0 });
  const server = createMcpServer(createToolRunner({ schema, yoga, execute: createExecutor(yoga, log), guard, services, log }), principal, log);
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  await server.connect(new StdioServerTransport());
  process.stdin.on('end', () => void server.close());
  await closed;
  await services.keys.flushLastUsed();
}
