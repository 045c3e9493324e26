import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { HttpObserver } from '../observability/http-observer.js';
import type { Services } from '../wiring/all-services.js';
import { clientError } from './errors.js';
import { requestIdFrom } from './guard/request-id.js';
import { sendError } from './respond.js';

/**
 * Short links on the edge: GET and HEAD of any path the service does not answer itself. The hot
 * path: no URL object, no async context, no 'close' listener, no label built; the count and the
 * latency go to series bound at start. With LOG_LEVEL=debug (or trace) every redirect is also
 * logged, through the same observer as every other request. Its cache size is a metric, and link
 * changes invalidate the cache.
 */
export function redirectRoute(services: Services, observer: HttpObserver, log: Logger) {
  const { redirects } = services;
  services.metrics.gaugeFrom('lsk_redirect_cache_entries', 'Links (and known-missing aliases) in the redirect cache.', () => redirects.cache.size);
  services.metrics.counterFrom(
    'lsk_redirect_stale_total',
    'Redirects answered from a cached link past its freshness because the database could not be read.',
    () => redirects.stale.served,
  );
  const metrics = observer.redirects();
  const logged = log.isLevelEnabled('debug');

  function failed(res: ServerResponse, e: unknown, requestId: string): void {
    if (!res.headersSent) sendError(res, clientError(e, log), requestId);
    else res.destroy();
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const started = performance.now();
    const requestId = requestIdFrom(req.headers['x-request-id']);
    if (logged) {
      observer.track(req, res, { route: 'redirect', path: '/{alias}', requestId }, started);
      redirects.handle(req, res, requestId)?.catch((e: unknown) => failed(res, e, requestId));
      return;
    }
    const pending = redirects.handle(req, res, requestId);
    // A cache hit is answered synchronously (undefined): no promise, no closure on the hot path.
    if (pending === undefined) {
      metrics.observe(req.method as 'GET' | 'HEAD', res.statusCode, (performance.now() - started) / 1000);
      return;
    }
    const done = () => metrics.observe(req.method as 'GET' | 'HEAD', res.statusCode, (performance.now() - started) / 1000);
    pending.then(done, (e: unknown) => {
      failed(res, e, requestId);
      done();
    });
  }

  /** POST /{alias}: a password form (tracked like any request; not the hot path). */
  function post(req: IncomingMessage, res: ServerResponse): void {
    const started = performance.now();
    const requestId = requestIdFrom(req.headers['x-request-id']);
    observer.track(req, res, { route: 'redirect', path: '/{alias}', requestId }, started);
    redirects.post(req, res, requestId).catch((e: unknown) => failed(res, e, requestId));
  }

  return { redirects, handle, post };
}
