import type { IncomingMessage, ServerResponse } from 'node:http';
import { credentialsRequired } from '../auth/principal.js';
import { deferred } from '../domain/deferred.js';
import { LskError } from '../domain/errors.js';
import type { Logger } from '../http/errors.js';
import { isJsonContentType, readBody } from '../http/guard/body.js';
import type { Guard } from '../http/guard/guard.js';
import type { MountedRoute } from '../http/mounted-route.js';
import { createToolRunner, type ToolRunner } from './runner.js';

export const MCP_PATH = '/mcp';

/** The MCP SDK (and lsk's server on it), loaded on the first MCP request, not at start (docs/adr/0224). */
const loadSdk = deferred(
  () =>
    Promise.all([import('@modelcontextprotocol/sdk/server/streamableHttp.js'), import('./server.js')]).then(([http, mcp]) => ({
      StreamableHTTPServerTransport: http.StreamableHTTPServerTransport,
      createMcpServer: mcp.createMcpServer,
    })),
  { atStart: false },
);

/**
 * POST /mcp: MCP over Streamable HTTP, stateless (each request its own server and transport, no
 * session to keep). The caller is an API key (`Authorization: Bearer`), checked by the guard before
 * the SDK sees the request; refusals before that answer with the API's error envelope. The body is
 * read within the API's limits (1 MiB, the body timeout) and handed to the SDK parsed.
 */
export function createMcpHandler(o: { runner: ToolRunner; guard: Guard; bodyTimeoutMs: number; log: Logger }) {
  return async function handleMcp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') {
      throw new LskError('method_not_allowed', `${req.method} is not allowed on ${MCP_PATH}: this server is stateless, send POST.`, {
        headers: { allow: 'POST' },
      });
    }
    if (req.headers.authorization === undefined) throw credentialsRequired();
    const principal = await o.guard.authenticate(req);
    if (principal?.kind !== 'key') throw credentialsRequired();
    const raw = await readBody(req, o.bodyTimeoutMs);
    if (!isJsonContentType(req.headers['content-type'])) {
      throw new LskError('unsupported_media_type', 'Send MCP messages with "Content-Type: application/json".');
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new LskError('invalid_json', 'The request body is not valid JSON.');
    }
    const { StreamableHTTPServerTransport, createMcpServer } = await loadSdk();
    const server = createMcpServer(o.runner, principal, o.log);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };
}

/** POST /mcp as the server mounts it on the HTTP edge, its tools run on the edge's GraphQL engine and guard. */
export const mcpRoute: MountedRoute = {
  route: 'mcp',
  path: MCP_PATH,
  build: (edge) => createMcpHandler({ runner: createToolRunner(edge), guard: edge.guard, bodyTimeoutMs: edge.services.config.bodyTimeoutMs, log: edge.log }),
};
