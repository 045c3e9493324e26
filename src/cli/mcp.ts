import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { buildSchema } from '../graphql/schema/index.js';
import { createGraphQLServer } from '../http/graphql/yoga.js';
import { apiKeyAuthenticator } from '../http/guard/authenticators.js';
import { Guard } from '../http/guard/guard.js';
import { createLogger } from '../logger.js';
import { createToolRunner } from '../mcp/runner.js';
import { createMcpServer } from '../mcp/server.js';
import { type Command, InvalidArgument } from './command.js';

/** The environment variable `lsk mcp` reads its API key from. */
export const MCP_KEY_VARIABLE = 'LSK_API_KEY';

export const mcpCommand: Command = {
  name: 'mcp',
  synopsis: '(API key in LSK_API_KEY)',
  summary: 'Serve the API to an AI assistant over MCP on stdin/stdout: one tool per GraphQL root field, acting as the API key in LSK_API_KEY.',
  details:
    'The key is checked like an API request (scopes, restrictions, plan limit); each tool call costs one unit of the plan. Runs until stdin closes. See docs/mcp.md for a client configuration.',
  options: {},
  usesStore: true,
  async run(ctx) {
    const secret = process.env[MCP_KEY_VARIABLE];
    if (!secret) throw new InvalidArgument(`set ${MCP_KEY_VARIABLE} to an API key (lsk key create --workspace <slug>)`);
    const services = await ctx.services();
    const log = createLogger(ctx.config.logLevel, 'stderr');
    const principal = await services.keys.authenticate(`Bearer ${secret}`);
    const schema = buildSchema();
    const yoga = createGraphQLServer(schema, log);
    const guard = new Guard({ services, limiter: services.limiter, authenticators: [apiKeyAuthenticator(services.keys)], anonymousPerMinute: 0 });
    const server = createMcpServer(createToolRunner({ schema, yoga, guard, services, log }), principal, log);
    const closed = new Promise<void>((resolve) => {
      server.onclose = resolve;
    });
    await server.connect(new StdioServerTransport());
    process.stdin.on('end', () => void server.close());
    await closed;
    await services.keys.flushLastUsed();
    return [];
  },
};
