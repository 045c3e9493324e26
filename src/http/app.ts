import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger as PinoLogger } from 'pino';
import { LskError } from '../domain/errors.js';
import { buildSchema } from '../graphql/schema/index.js';
import type { RateLimiter } from '../limits/rate-limit.js';
import { buildOpenApiDocument } from '../openapi/document.js';
import type { RedirectHandler } from '../redirect/redirect-handler.js';
import type { Services } from '../services/services.js';
import { corsPolicy } from './cors.js';
import { clientError } from './errors.js';
import { createGraphQLHandler } from './graphql/handler.js';
import { createGraphQLServer } from './graphql/server.js';
import { apiKeyAuthenticator } from './guard/authenticators.js';
import { Guard } from './guard/guard.js';
import { requestIdFrom } from './guard/request-id.js';
import { Metrics } from './metrics.js';

import { redirectRoute } from './redirect-route.js';
import { sendError } from './respond.js';
import { createRestHandler } from './rest/handler.js';
import { buildRestOperations } from './rest/operations.js';
import { REST_ROUTES } from './rest-routes.js';
import { serviceRoutes } from './service-routes.js';

const ORIGIN = 'http://lsk.internal';

export interface App {
  handle(req: IncomingMessage, res: ServerResponse): void;
  openapi: Record<string, unknown>;
  metrics: Metrics;
  redirects: RedirectHandler;
}

/**
 * The HTTP edge, composed: short-link redirects first (bare node:http), then the service routes
 * (health, metrics, docs...), then /graphql and /v1, each behind the same guard (authentication,
 * plan limit, body limits) and run by the same GraphQL engine.
 */
export async function createApp(services: Services, log: PinoLogger, opts: { limiter?: RateLimiter } = {}): Promise<App> {
  const { config } = services;
  const schema = buildSchema();
  const yoga = createGraphQLServer(schema, log);
  const openapi = buildOpenApiDocument(schema);
  const guard = new Guard({
    services,
    limiter: opts.limiter ?? services.limiter,
    authenticators: [apiKeyAuthenticator(services.keys)],
    anonymousPerMinute: config.anonymousGraphqlRpm,
  });
  const operations = buildRestOperations(schema, REST_ROUTES, (doc) => yoga.getEnveloped({}).validate(schema, doc));
  const rest = createRestHandler({ yoga, guard, services, operations, bodyTimeoutMs: config.bodyTimeoutMs, log });
  const graphql = createGraphQLHandler({ yoga, guard, services, bodyTimeoutMs: config.bodyTimeoutMs, log });
  const metrics = new Metrics();
  const routes = serviceRoutes(services, metrics, openapi);
  const redirect = redirectRoute(services, metrics, log);
  const cors = corsPolicy(config.corsOrigins);

  /** Dispatch a request for the service itself; resolves to its metrics label. */
  async function route(req: IncomingMessage, res: ServerResponse, url: URL, requestId: string): Promise<string> {
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const service = routes.match(path);
    if (service) {
      if (!service.methods.includes(method)) {
        throw new LskError('method_not_allowed', `${method} is not allowed on ${path}.`, { headers: { allow: service.methods.join(', ') } });
      }
      await service.handle(req, res, url, requestId);
      return service.label;
    }
    if (path === '/graphql') {
      await graphql(req, res, url, requestId);
      return 'graphql';
    }
    if (isRest(path)) return rest(req, res, url, requestId);
    if (method === 'GET' || method === 'HEAD') throw new LskError('not_found', `No such page: ${path}`);
    // Other methods on short-link paths (GET and HEAD took the redirect path).
    throw new LskError('method_not_allowed', `${method} is not allowed here.`, { headers: { allow: 'GET, HEAD' } });
  }

  const isRest = (path: string) => path === '/v1' || path.startsWith('/v1/');

  /** Paths the service answers itself; everything else under GET/HEAD is a short link. */
  function isServicePath(path: string): boolean {
    return path === '/graphql' || isRest(path) || routes.match(path) !== undefined;
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const raw = req.url ?? '/';
    const q = raw.indexOf('?');
    const path = q >= 0 ? raw.slice(0, q) : raw;
    if ((req.method === 'GET' || req.method === 'HEAD') && !isServicePath(path)) {
      redirect.handle(req, res);
      return;
    }
    const started = process.hrtime.bigint();
    const requestId = requestIdFrom(req.headers['x-request-id']);
    res.setHeader('x-request-id', requestId);
    if (cors.apply(req, res, path)) {
      metrics.observe('cors_preflight', 'OPTIONS', res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
      return;
    }
    let label = 'other';
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.observe(label, req.method ?? 'GET', res.statusCode, seconds);
      if (label !== 'static') {
        log.info({ req_id: requestId, method: req.method, route: label, status: res.statusCode, ms: Math.round(seconds * 1e5) / 100 }, 'request');
      }
    });
    let url: URL;
    try {
      // Origin-form only: "//host/path" must stay a path, not become another host's URL.
      if (!raw.startsWith('/')) throw new Error('not origin-form');
      url = new URL(ORIGIN + raw);
    } catch {
      sendError(res, new LskError('not_found', 'Not found.'), requestId);
      return;
    }
    route(req, res, url, requestId).then(
      (l) => {
        label = l;
      },
      (e: unknown) => {
        // The contract's envelope (an answer already under way is cut off instead).
        if (isRest(url.pathname)) label = 'rest';
        if (res.headersSent) res.destroy();
        else sendError(res, clientError(e, log), requestId);
      },
    );
  }

  return { handle, openapi, metrics, redirects: redirect.redirects };
}
