import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LskError } from '../domain/errors.js';
import type { Metrics } from '../observability/metrics.js';
import type { ServiceRoute } from './service-route.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
function bearerMatches(req: IncomingMessage, expected: Buffer): boolean {
  const header = req.headers.authorization;
  if (typeof header !== 'string' || !/^Bearer /i.test(header)) return false;
  return timingSafeEqual(digest(header.slice('Bearer '.length).trim()), expected);
}

/**
 * GET /metrics: the Prometheus text format. Open when no token is set (the service's port is then
 * expected to be private, or the path blocked at the proxy); with LSK_METRICS_TOKEN, only a scraper
 * sending it as a bearer token is answered, everyone else gets 401 unauthorized.
 */
export function metricsRoute(metrics: Metrics, token: string | undefined): ServiceRoute {
  const expected = token === undefined ? undefined : digest(token);
  return {
    label: 'metrics',
    path: '/metrics',
    methods: ['GET', 'HEAD'],
    async handle(req, res) {
      if (expected && !bearerMatches(req, expected)) {
        throw new LskError('unauthorized', 'The metrics need "Authorization: Bearer <LSK_METRICS_TOKEN>".', {
          headers: { 'www-authenticate': 'Bearer realm="metrics"' },
        });
      }
      const body = Buffer.from(await metrics.render());
      res.writeHead(200, { 'content-type': metrics.contentType, 'content-length': body.length, 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
    },
  };
}
