import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger as PinoLogger } from 'pino';
import type { Principal } from '../auth/api-keys.js';
import { LskError } from '../domain/errors.js';
import type { GraphQLContext } from '../graphql/context.js';
import { buildSchema } from '../graphql/schema/index.js';
import { type RateLimiter, rateLimitHeaders } from '../limits/rate-limit.js';
import { clientAddress } from '../redirect/geo.js';
import { RedirectHandler } from '../redirect/redirect-handler.js';
import type { Services } from '../services/services.js';
import { corsPolicy } from './cors.js';
import { clientError, type ErrorEnvelope } from './errors.js';
import { createGraphQLServer, rootFieldCost } from './graphql.js';
import { parseJsonObject, readBody, sendError, sendFetchResponse, sendJson, toFetchRequest } from './http-io.js';
import { Metrics } from './metrics.js';
import { buildOpenApiDocument } from './openapi-document.js';
import { requestIdFrom } from './request-id.js';
import { createRestRouter, validateRestInput } from './rest.js';
import { matchRoute } from './rest-routes.js';
import { DOCS_PAGE, isAsset, sendAsset } from './static.js';

/** Failed authentications allowed per client address per minute before answers become 429. */
const AUTH_FAILURES_PER_MINUTE = 30;
const ORIGIN = 'http://lsk.internal';
const SERVICE_PATHS = new Set(['/healthz', '/readyz', '/metrics', '/.well-known/jwks.json', '/docs', '/graphql', '/v1']);

export interface App {
  handle(req: IncomingMessage, res: ServerResponse): void;
  openapi: Record<string, unknown>;
  metrics: Metrics;
  redirects: RedirectHandler;
}

interface Guarded {
  principal: Principal | null;
  headers: Record<string, string>;
}

/** The HTTP edge: one handler in front of redirects, REST (Sofa), GraphQL (yoga), docs and health. */
export async function createApp(services: Services, log: PinoLogger, opts: { limiter?: RateLimiter } = {}): Promise<App> {
  const schema = buildSchema();
  const yoga = createGraphQLServer(schema, log);
  const sofa = createRestRouter(schema, log);
  const openapi = await buildOpenApiDocument(schema, sofa);
  const openapiText = JSON.stringify(openapi);
  const limiter = opts.limiter ?? services.limiter;
  const metrics = new Metrics();
  const redirects = new RedirectHandler(services.repos.links, services.config, services.geo, services.clicks, services.clock, {
    cacheTtlMs: services.repos.kind === 'mongodb' ? 2000 : Infinity,
  });
  metrics.register('lsk_clicks_queued', 'Clicks waiting to be written.', () => services.clicks.queued);
  metrics.register('lsk_clicks_dropped_total', 'Clicks dropped because the queue was full (database unreachable).', () => services.clicks.dropped);
  metrics.register('lsk_clicks_written_total', 'Clicks written to the store.', () => services.clicks.written);
  metrics.register('lsk_redirect_cache_entries', 'Links in the redirect cache.', () => redirects.cache.size);
  services.linkEvents.on((domain, alias) => redirects.invalidate(domain, alias));

  function clientAddressOf(req: IncomingMessage): string {
    return clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], services.config.trustProxy) || 'unknown';
  }

  /** Authenticate and apply the plan limit: the one guard both REST and GraphQL go through. */
  async function guard(req: IncomingMessage, cost: number, required: boolean): Promise<Guarded> {
    const header = req.headers.authorization;
    if (!header && !required) return { principal: null, headers: {} };
    let principal: Principal;
    try {
      principal = await services.keys.authenticate(header);
    } catch (e) {
      if (e instanceof LskError && e.status === 401) {
        // Counted like plan limits: shared by every instance on MongoDB.
        const d = await limiter.take(`authfail:${clientAddressOf(req)}`, AUTH_FAILURES_PER_MINUTE, 1, services.clock.now().getTime());
        if (!d.allowed) throw new LskError('rate_limited', 'Too many failed authentication attempts; slow down.', { retryAfter: d.resetSeconds });
      }
      throw e;
    }
    const headers: Record<string, string> = {};
    if (principal.rotatedKey) headers['lsk-rotated-key'] = principal.rotatedKey;
    if (cost > 0) {
      const ws = principal.workspace;
      const d = await limiter.take(ws.id, ws.rateLimitRpm, cost, services.clock.now().getTime());
      Object.assign(headers, rateLimitHeaders(d));
      if (!d.allowed) {
        throw new LskError('rate_limited', `Rate limit of ${d.limit} requests per minute exceeded.`, { retryAfter: d.resetSeconds, headers });
      }
    }
    return { principal, headers };
  }

  function context(principal: Principal | null, requestId: string): GraphQLContext {
    return { services, principal, requestId };
  }

  async function handleRest(req: IncomingMessage, res: ServerResponse, url: URL, requestId: string): Promise<string> {
    const match = matchRoute(req.method ?? 'GET', url.pathname.slice('/v1'.length));
    if (match.kind === 'not_found') throw new LskError('not_found', `No such endpoint: ${req.method} ${url.pathname}`);
    if (match.kind === 'method_not_allowed') {
      throw new LskError('method_not_allowed', `${req.method} is not allowed on ${url.pathname}.`, { headers: { allow: match.allow.join(', ') } });
    }
    const { route } = match;
    const label = `rest:${route.field.split('.')[1]}`;
    const { principal, headers } = await guard(req, 1, true);
    try {
      const body = await readBody(req);
      const json = validateRestInput(route, url, req.headers['content-type'], body);
      const request = new Request(url, {
        method: route.method,
        headers: json === null ? {} : { 'content-type': 'application/json' },
        ...(json === null ? {} : { body: json }),
      });
      const response = await sofa.fetch(request, { lsk: context(principal, requestId) });
      if (!response.ok) {
        // Sofa's error handler cannot see the request: the edge fills in its id.
        const body = (await response.json()) as ErrorEnvelope;
        body.error.request_id = requestId;
        const retryAfter = response.headers.get('retry-after');
        sendJson(res, response.status, body, { ...headers, ...(retryAfter ? { 'retry-after': retryAfter } : {}) });
        return label;
      }
      if (route.status === 204) {
        res.writeHead(204, headers);
        res.end();
        return label;
      }
      if (route.location) {
        const text = await response.text();
        const data = JSON.parse(text) as Record<string, unknown>;
        res.writeHead(response.status, {
          ...headers,
          location: route.location(data),
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(text),
        });
        res.end(text);
        return label;
      }
      await sendFetchResponse(res, response, headers);
      return label;
    } catch (e) {
      const err = clientError(e, log);
      // The plan-limit headers belong on every authenticated answer, errors included.
      Object.assign(err.headers, headers);
      throw err;
    }
  }

  async function handleGraphQL(req: IncomingMessage, res: ServerResponse, url: URL, requestId: string): Promise<void> {
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'POST') {
      throw new LskError('method_not_allowed', `${method} is not allowed on /graphql.`, { headers: { allow: 'GET, POST' } });
    }
    let body: Buffer | null = null;
    let query: unknown = url.searchParams.get('query');
    let operationName: unknown = url.searchParams.get('operationName');
    if (method === 'POST') {
      body = await readBody(req);
      const parsed = parseJsonObject(body, req.headers['content-type'], 'GraphQL requests as JSON');
      ({ query, operationName } = parsed as { query?: unknown; operationName?: unknown });
    }
    const cost = query === null || query === undefined ? 0 : rootFieldCost(query, operationName);
    const { principal, headers } = await guard(req, cost, false);
    // The edge has accepted the request: let yoga see it as plain JSON in and JSON out (it answers
    // other media types with bodies outside the contract: empty 415/406s, multipart streams).
    const request = toFetchRequest(req, body, ORIGIN);
    if (method === 'POST') {
      request.headers.set('content-type', 'application/json');
      request.headers.set('accept', 'application/json');
    } else if (!(req.headers.accept ?? '').includes('text/html')) {
      request.headers.set('accept', 'application/json');
    }
    const response = await yoga.fetch(request, { lsk: context(principal, requestId) });
    await sendFetchResponse(res, response, headers);
  }

  function sendGraphQLError(res: ServerResponse, err: LskError, requestId: string): void {
    const headers = { ...err.headers, ...(err.retryAfter !== undefined ? { 'retry-after': String(err.retryAfter) } : {}) };
    sendJson(
      res,
      err.status,
      { errors: [{ message: err.message, extensions: { code: err.code, ...(err.details ? { details: err.details } : {}), request_id: requestId } }] },
      headers,
    );
  }

  async function route(req: IncomingMessage, res: ServerResponse, url: URL, requestId: string): Promise<string> {
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const readOnly = method === 'GET' || method === 'HEAD';
    const onlyGet = (label: string) => {
      if (!readOnly) throw new LskError('method_not_allowed', `${method} is not allowed on ${path}.`, { headers: { allow: 'GET, HEAD' } });
      return label;
    };
    switch (path) {
      case '/healthz':
        onlyGet('healthz');
        sendJson(res, 200, { status: 'ok' });
        return 'healthz';
      case '/readyz':
        onlyGet('readyz');
        try {
          await Promise.race([services.repos.ping(), new Promise((_, rej) => setTimeout(() => rej(new Error('timeout')), 2000).unref())]);
          sendJson(res, 200, { status: 'ready', store: services.repos.kind });
        } catch {
          sendError(res, new LskError('unavailable', 'The database cannot be reached.'), requestId);
        }
        return 'readyz';
      case '/metrics':
        onlyGet('metrics');
        res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' });
        res.end(metrics.render());
        return 'metrics';
      case '/.well-known/jwks.json':
        onlyGet('jwks');
        sendJson(res, 200, services.keyring.jwks(), { 'cache-control': 'public, max-age=300' });
        return 'jwks';
      case '/docs':
      case '/docs/':
        onlyGet('docs');
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(DOCS_PAGE);
        return 'docs';
      case '/v1/openapi.json':
        onlyGet('openapi');
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(openapiText) });
        res.end(method === 'HEAD' ? undefined : openapiText);
        return 'openapi';
      case '/graphql':
        try {
          await handleGraphQL(req, res, url, requestId);
        } catch (e) {
          const err = clientError(e, log);
          sendGraphQLError(res, err, requestId);
        }
        return 'graphql';
    }
    if (isAsset(path)) {
      onlyGet('static');
      await sendAsset(res, path, method === 'HEAD');
      return 'static';
    }
    if (path === '/v1' || path.startsWith('/v1/')) return handleRest(req, res, url, requestId);
    if (readOnly) throw new LskError('not_found', `No such page: ${path}`);
    // Other methods on short-link paths (GET and HEAD took the redirect path).
    throw new LskError('method_not_allowed', `${method} is not allowed here.`, { headers: { allow: 'GET, HEAD' } });
  }

  /** Paths the service answers itself; everything else under GET/HEAD is a short link. */
  function isServicePath(path: string): boolean {
    return SERVICE_PATHS.has(path) || path.startsWith('/v1/') || path.startsWith('/docs/') || path.startsWith('/graphiql/');
  }

  /** The redirect hot path: no URL object, no async context, no 'finish' listener. */
  const REDIRECT_KEYS: Record<string, string> = { GET: 'redirect\u0000GET', HEAD: 'redirect\u0000HEAD' };
  function redirect(req: IncomingMessage, res: ServerResponse): void {
    const started = performance.now();
    const requestId = requestIdFrom(req.headers['x-request-id']);
    const done = () => metrics.observeKey(REDIRECT_KEYS[req.method!]!, 'redirect', res.statusCode, (performance.now() - started) / 1000);
    const pending = redirects.handle(req, res, requestId);
    if (pending === undefined) {
      done();
      return;
    }
    pending.then(done, (e: unknown) => {
      if (!res.headersSent) sendError(res, clientError(e, log), requestId);
      else res.destroy();
      done();
    });
  }

  const cors = corsPolicy(services.config.corsOrigins);

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const raw = req.url ?? '/';
    const q = raw.indexOf('?');
    const path = q >= 0 ? raw.slice(0, q) : raw;
    if ((req.method === 'GET' || req.method === 'HEAD') && !isServicePath(path)) {
      redirect(req, res);
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
        if (url.pathname.startsWith('/v1')) label = 'rest';
        const err = clientError(e, log);
        if (res.headersSent) {
          res.destroy();
          return;
        }
        sendError(res, err, requestId);
      },
    );
  }

  return { handle, openapi, metrics, redirects };
}
