import type { IncomingMessage, ServerResponse } from 'node:http';
import { RedirectHandler } from '../redirect/redirect-handler.js';
import type { Services } from '../services/services.js';
import { clientError, type Logger } from './errors.js';
import { requestIdFrom } from './guard/request-id.js';
import type { Metrics } from './metrics.js';
import { sendError } from './respond.js';

const METRIC_KEYS: Record<string, string> = { GET: 'redirect\u0000GET', HEAD: 'redirect\u0000HEAD' };

/**
 * Short links on the edge: GET and HEAD of any path the service does not answer itself. The hot
 * path: no URL object, no async context, no 'finish' listener; its cache and click queue are
 * exported as metrics, and link changes invalidate the cache.
 */
export function redirectRoute(services: Services, metrics: Metrics, log: Logger) {
  const redirects = new RedirectHandler(services.repos.links, services.config, services.geo, services.clicks, services.clock, {
    cacheTtlMs: services.redirectCacheTtlMs,
  });
  metrics.register('lsk_clicks_queued', 'Clicks waiting to be written.', () => services.clicks.queued);
  metrics.register('lsk_clicks_dropped_total', 'Clicks dropped because the queue was full (database unreachable).', () => services.clicks.dropped);
  metrics.register('lsk_clicks_written_total', 'Clicks written to the store.', () => services.clicks.written);
  metrics.register('lsk_redirect_cache_entries', 'Links in the redirect cache.', () => redirects.cache.size);
  services.linkEvents.on((domain, alias) => redirects.invalidate(domain, alias));

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const started = performance.now();
    const requestId = requestIdFrom(req.headers['x-request-id']);
    const done = () => metrics.observeKey(METRIC_KEYS[req.method!]!, 'redirect', res.statusCode, (performance.now() - started) / 1000);
    const pending = redirects.handle(req, res, requestId);
    // A cache hit is answered synchronously (undefined): no promise on the hot path.
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

  return { redirects, handle };
}
