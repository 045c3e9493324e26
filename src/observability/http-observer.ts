import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { BoundCounter, BoundHistogram } from './bound-series.js';
import type { Metrics } from './metrics.js';
import { answeredStatus, requestLogger } from './request-log.js';
import { type RequestTags, tagRequest } from './request-tags.js';

/** The redirect hot path's metrics: series bound once, nothing built per redirect. */
export interface RedirectMetrics {
  observe(method: 'GET' | 'HEAD', status: number, seconds: number): void;
}

/**
 * Every answer of the HTTP edge counted by route, method and status, timed by route and method,
 * and logged (one line, request-log.ts). Routes are labelled when matched, so an answer refused later
 * (401, 400, 429) keeps its route's label.
 */
export class HttpObserver {
  private readonly requests: BoundCounter;
  private readonly duration: BoundHistogram;
  private readonly logRequest: ReturnType<typeof requestLogger>;

  constructor(metrics: Metrics, log: Logger) {
    this.requests = metrics.boundCounter('lsk_http_requests_total', 'HTTP requests answered, by route, method and status.', ['route', 'method', 'status']);
    this.duration = metrics.boundHistogram('lsk_http_request_duration_seconds', 'Time to answer an HTTP request, by route and method.', ['route', 'method']);
    this.logRequest = requestLogger(log);
  }

  /**
   * Observe a routed request from `started` (performance.now()): counted, timed and logged once its
   * answer is finished or the client has gone (status 499). `tags` may still change until then.
   */
  track(req: IncomingMessage, res: ServerResponse, tags: RequestTags, started: number): void {
    tagRequest(req, res, tags);
    res.once('close', () => {
      const method = req.method ?? 'GET';
      const ms = performance.now() - started;
      this.requests.bind(tags.route, method, String(answeredStatus(res))).inc();
      this.duration.bind(tags.route, method).observe(ms / 1000);
      this.logRequest(req, res, tags, ms);
    });
  }

  /** Series for redirects, bound once: those of a status on its first use (a handful: 302, 404...). */
  redirects(): RedirectMetrics {
    const bind = (method: 'GET' | 'HEAD') => ({ method, duration: this.duration.bind('redirect', method), byStatus: new Map<number, { inc(): void }>() });
    const series = { GET: bind('GET'), HEAD: bind('HEAD') };
    return {
      observe: (method, status, seconds) => {
        const s = series[method];
        let counter = s.byStatus.get(status);
        if (!counter) {
          counter = this.requests.bind('redirect', method, String(status));
          s.byStatus.set(status, counter);
        }
        counter.inc();
        s.duration.observe(seconds);
      },
    };
  }
}
