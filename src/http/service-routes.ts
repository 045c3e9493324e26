import { LskError } from '../domain/errors.js';
import { once } from '../domain/once.js';
import type { Services } from '../wiring/all-services.js';
import { authRoutes } from './auth/routes.js';
import { dashboardRoute } from './dashboard/route.js';
import { metricsRoute } from './metrics-route.js';
import { reportRoute } from './report-route.js';
import { sendError, sendJson } from './respond.js';
import type { ServiceRoute } from './service-route.js';
import { DOCS_PAGE, isAsset, sendAsset } from './static.js';

const READ = ['GET', 'HEAD'] as const;

export interface ServiceRouteTable {
  /** The route of a path: exact paths first, then prefixes. */
  match(path: string): ServiceRoute | undefined;
}

/**
 * Everything the service serves besides /v1 and /graphql: health, metrics, keys, documentation and
 * the assets its pages load. New areas join here: the dashboard as the prefix `/dashboard` (its page
 * and hashed assets), sign-in as the prefix `/auth/` (POST routes behind the guard's body limits).
 */
export function serviceRoutes(services: Services, openapi: () => Record<string, unknown>): ServiceRouteTable {
  // Built and serialized on its first request, not at start (docs/adr/0224).
  const openapiText = once(() => JSON.stringify(openapi()));
  const exact = new Map<string, ServiceRoute>([
    ['/healthz', { label: 'healthz', path: '/healthz', methods: READ, handle: (_q, res) => sendJson(res, 200, { status: 'ok' }) }],
    [
      '/readyz',
      {
        label: 'readyz',
        path: '/readyz',
        methods: READ,
        async handle(_q, res, _url, requestId) {
          try {
            await Promise.race([services.store.ping(), new Promise((_, rej) => setTimeout(() => rej(new Error('timeout')), 1000).unref())]);
            sendJson(res, 200, { status: 'ready', store: services.store.kind });
          } catch {
            sendError(res, new LskError('unavailable', 'The database cannot be reached.'), requestId);
          }
        },
      },
    ],
    ['/metrics', metricsRoute(services.metrics, services.config.metricsToken)],
    ['/report', reportRoute(services)],
    [
      '/.well-known/jwks.json',
      {
        label: 'jwks',
        path: '/.well-known/jwks.json',
        methods: READ,
        handle: (_q, res) => sendJson(res, 200, services.keyring.jwks(), { 'cache-control': 'public, max-age=300' }),
      },
    ],
    [
      '/v1/openapi.json',
      {
        label: 'openapi',
        path: '/v1/openapi.json',
        methods: READ,
        handle(req, res) {
          const text = openapiText();
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
          res.end(req.method === 'HEAD' ? undefined : text);
        },
      },
    ],
  ]);
  const docs: ServiceRoute = {
    label: 'docs',
    path: '/docs',
    methods: READ,
    handle(_q, res) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(DOCS_PAGE);
    },
  };
  exact.set('/docs', docs);
  exact.set('/docs/', docs);
  const assets = (prefix: string): [string, ServiceRoute] => [
    prefix,
    {
      label: 'static',
      path: `${prefix}{asset}`,
      methods: READ,
      async handle(req, res, url) {
        if (!isAsset(url.pathname)) throw new LskError('not_found', `No such page: ${url.pathname}`);
        await sendAsset(res, url.pathname, req.method === 'HEAD');
      },
    },
  ];
  const auth = authRoutes(services);
  for (const [path, route] of auth.exact) exact.set(path, route);
  const dashboard = dashboardRoute();
  exact.set('/dashboard', dashboard);
  const prefixes: [string, ServiceRoute][] = [assets('/docs/'), assets('/graphiql/'), ['/dashboard/', dashboard], ...auth.prefixes];
  return {
    match(path) {
      const route = exact.get(path);
      if (route) return route;
      // Every short-link visit asks: a plain loop, no callback.
      for (const [prefix, r] of prefixes) if (path.startsWith(prefix)) return r;
      return undefined;
    },
  };
}
