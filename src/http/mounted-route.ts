import type { GraphQLSchema } from 'graphql';
import type { Logger as PinoLogger } from 'pino';
import type { Services } from '../wiring/all-services.js';
import type { Executor } from './graphql/execute.js';
import type { GraphQLServer } from './graphql/yoga.js';
import type { Guard } from './guard/guard.js';
import type { Handle } from './route-target.js';

/** What the edge lends a route mounted from above: its schema, GraphQL engine, guard, services and log. */
export interface EdgeParts {
  schema: GraphQLSchema;
  yoga: GraphQLServer;
  execute: Executor;
  guard: Guard;
  services: Services;
  log: PinoLogger;
}

/**
 * A route the caller of createApp mounts on the edge (the MCP endpoint, from src/server.ts): its
 * metrics label and path, and how its handler is built on the edge's parts. The edge imports nothing
 * of what it mounts, so that mcp/ sits above http/ (docs/adr/0245).
 */
export interface MountedRoute {
  route: string;
  path: string;
  build(edge: EdgeParts): Handle;
}
