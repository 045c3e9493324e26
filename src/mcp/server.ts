import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, type CallToolResult, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Principal } from '../auth/principal.js';
import { projectVersion } from '../config/project.js';
import { clientError, envelope, type Logger } from '../http/errors.js';
import { requestIdFrom } from '../http/guard/request-id.js';
import type { ToolRunner } from './runner.js';

/**
 * An MCP server (the SDK's low-level Server: the tool list is data, not code) acting for one caller.
 * A tool's result is the JSON the API answers; a refusal is a tool error carrying the API's error
 * envelope (`{"error": {code, message, details, request_id}}`), so an assistant reads the same codes.
 */
export function createMcpServer(runner: ToolRunner, principal: Principal, log: Logger): Server {
  const server = new Server({ name: 'lsk', version: projectVersion() }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: (await runner.tools()).map((t) => ({
      name: t.name,
      description: t.description,
      inputSchema: t.inputSchema as { type: 'object' },
      annotations: { readOnlyHint: t.readOnly },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const requestId = requestIdFrom(undefined);
    try {
      const data = await runner.call(principal, request.params.name, request.params.arguments, requestId);
      return { content: [{ type: 'text', text: JSON.stringify(data) }] };
    } catch (e) {
      return { isError: true, content: [{ type: 'text', text: JSON.stringify(envelope(clientError(e, log), requestId)) }] };
    }
  });
  return server;
}
