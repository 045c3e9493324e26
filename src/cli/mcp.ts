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
    // The GraphQL schema and the MCP SDK load only for this command, not for every `lsk` run.
    const { serveMcp } = await import('./mcp-serve.js');
    await serveMcp(ctx, secret);
    return [];
  },
};
