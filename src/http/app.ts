import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger as PinoLogger } from 'pino';
import { LskError } from '../domain/errors.js';
import { once } from '../domain/once.js';
import { buildSchema } from '../graphql/schema/index.js';
import type { RateLimiter } from '../limits/rate-limit.js';
import { HttpObserver } from '../observability/http-observer.js';
import { buildOpenApiDocument } from '../openapi/document.js';
import type { RedirectHandler } from '../redirect/redirect-handler.js';
import { REST_ROUTES } from '../v1/routes.js';
import type { Services } from '../wiring/all-services.js';
import { corsPolicy } from './cors.js';
import { clientError } from './errors.js';
import { createExecutor } from './graphql/execute.js';
import { createGraphQLHandler } from './graphql/handler.js';
import { createGraphQLServer } from './graphql/yoga.js';
import { apiKeyAuthenticator } from './guard/authenticators.js';
import { Guard } from './guard/guard.js';
import { requestIdFrom } from './guard/request-id.js';
import { sessionAuthenticator } from './guard/session-authenticator.js';
import type { MountedRoute } from './mounted-route.js';
import { redirectRoute } from './redirect-route.js';
import { sendError } from './respond.js';
import { createRestHandler } from './rest/handler.js';
import { buildRestOperations } from './rest/operations.js';
import { type Target, unmatched } from './route-target.js';
import { serviceRoutes } from './service-routes.js';

const ORIGIN = 'http://lsk.internal';

export interface App {
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** The OpenAPI document, built on first use (docs/adr/0224). */
  openapi(): Record<string, unknown>;
  redirects: RedirectHandler;
}

/**
 * The HTTP edge, composed: short-link redirects first (bare node:http), then the service routes
 * (health, metrics, docs...), then /graphql, the routes mounted from above (/mcp, by src/server.ts)
 * and /v1, each behind the same guard (authentication, plan limit, body limits) and run by the same
 * GraphQL engine. Every request is matched to its route first, so that its metrics label and logged
 * path template hold whatever the answer.
 */
export async function createApp(services: Services, log: PinoLogger, opts: { limiter?: RateLimiter; mounts?: readonly MountedRoute[] } = {}): Promise<App> {
  const { config } = services;
  const schema = buildSchema();
  const yoga = createGraphQLServer(schema, log);
  const execute = createExecutor(yoga, log);
  const openapi = once(() => buildOpenApiDocument(schema));
  const guard = new Guard({
    services,
    limiter: opts.limiter ?? services.limiter,
    // Order matters: a request with both an API key and a session cookie acts for the key.
    authenticators: [apiKeyAuthenticator(services.keys), sessionAuthenticator(services)],
    anonymousPerMinute: config.anonymousGraphqlRpm,
  });
  const operations = once(() => buildRestOperations(schema, REST_ROUTES, (doc) => yoga.getEnveloped({}).validate(schema, doc)));
  const rest = createRestHandler({ execute, guard, services, operations, bodyTimeoutMs: config.bodyTimeoutMs, log });
  const graphql: Target = {
    route: 'graphql',
    path: '/graphql',
    run: createGraphQLHandler({ yoga, execute, guard, services, bodyTimeoutMs: config.bodyTimeoutMs, log }),
  };
  const edge = { schema, yoga, execute, guard, services, log };
  const mounted = new Map((opts.mounts ?? []).map((m): [string, Target] => [m.path, { route: m.route, path: m.path, run: m.build(edge) }]));
  const observer = new HttpObserver(services.metrics, log);
  const routes = serviceRoutes(services, openapi);
  const redirect = redirectRoute(services, observer, log);
  const cors = corsPolicy(config.corsOrigins);

  const isRest = (path: string) => path === '/v1' || path.startsWith('/v1/');

  /** Paths the service answers itself; everything else under GET/HEAD is a short link. */
  function isServicePath(path: string): boolean {
    return path === '/graphql' || mounted.has(path) || isRest(path) || routes.match(path) !== undefined;
  }

  /** The route of a request for the service itself (its URL already known to be origin-form). */
  function resolve(method: string, path: string): Target {
    const service = routes.match(path);
    if (service) {
      const run: Target['run'] = service.methods.includes(method)
        ? service.handle
        : () => {
            throw new LskError('method_not_allowed', `${method} is not allowed on ${path}.`, { headers: { allow: service.methods.join(', ') } });
          };
      return { route: service.label, path: service.path, run };
    }
    if (path === '/graphql') return graphql;
    const mount = mounted.get(path);
    if (mount) return mount;
    if (isRest(path)) return rest(method, path);
    if (method === 'GET' || method === 'HEAD') return unmatched('/{alias}', () => new LskError('not_found', `No such page: ${path}`));
    // Other methods on short-link paths (GET and HEAD took the redirect path).
    return unmatched('/{alias}', () => new LskError('method_not_allowed', `${method} is not allowed here.`, { headers: { allow: 'GET, HEAD' } }));
  }

  /** Origin-form only: "//host/path" must stay a path, not become another host's URL. */
  function parse(raw: string): URL | undefined {
    if (!raw.startsWith('/')) return undefined;
    try {
      return new URL(ORIGIN + raw);
    } catch {
      return undefined;
    }
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const raw = req.url ?? '/';
    const q = raw.indexOf('?');
    const path = q >= 0 ? raw.slice(0, q) : raw;
    if ((req.method === 'GET' || req.method === 'HEAD') && !isServicePath(path)) {
      redirect.handle(req, res);
      return;
    }
    if (req.method === 'POST' && path !== '/' && !isServicePath(path)) {
      redirect.post(req, res); // a protected link's password form
      return;
    }
    const started = performance.now();
    const requestId = requestIdFrom(req.headers['x-request-id']);
    res.setHeader('x-request-id', requestId);
    const method = req.method ?? 'GET';
    const url = parse(raw);
    const target = url ? resolve(method, url.pathname) : unmatched('{invalid}', () => new LskError('not_found', 'Not found.'));
    const tags = { route: target.route, path: target.path, requestId };
    observer.track(req, res, tags, started);
    if (cors.apply(req, res, path)) {
      tags.route = 'cors_preflight';
      return;
    }
    Promise.resolve()
      .then(() => target.run(req, res, url!, requestId))
      .catch((e: unknown) => {
        // The contract's envelope (an answer already under way is cut off instead).
        if (res.headersSent) res.destroy();
        else sendError(res, clientError(e, log), requestId);
      });
  }

  return { handle, openapi, redirects: redirect.redirects };
}
