import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { RequestTags } from './request-tags.js';

/** Routes logged at debug: probes, scrapes, static assets and short-link redirects. */
const QUIET_ROUTES: ReadonlySet<string> = new Set(['healthz', 'readyz', 'metrics', 'static', 'redirect']);

/** The status an answer went out with; 499 (client closed request) when the client left before it. */
export function answeredStatus(res: ServerResponse): number {
  return res.writableEnded ? res.statusCode : 499;
}

/**
 * One line per request, written once its answer is finished or the client has gone (the caller's
 * one `close` listener, which also counts and times it):
 *
 *   {"level":30,...,"req":{"id":"…","method":"GET","url":"/v1/links/{id}"},"route":"link",
 *    "res":{"statusCode":404},"error_code":"not_found","responseTime":3,"msg":"request completed"}
 *
 * `req.url` is the route's TEMPLATE (never the raw path or query string, which may carry personal
 * data); no header, cookie, key or body is ever written. Level: error for 5xx, debug for the quiet
 * routes, info otherwise. A 5xx line carries no stack: the error itself is logged where it happened.
 * Nothing is built for a line whose level is off (the line of a 2xx at LOG_LEVEL=warn).
 */
export function requestLogger(log: Logger): (req: IncomingMessage, res: ServerResponse, tags: RequestTags, ms: number) => void {
  return (req, res, tags, ms) => {
    const status = answeredStatus(res);
    const level = status >= 500 ? 'error' : QUIET_ROUTES.has(tags.route) ? 'debug' : 'info';
    if (!log.isLevelEnabled(level)) return;
    log[level](
      {
        req: { id: tags.requestId, method: req.method, url: tags.path },
        route: tags.route,
        res: { statusCode: status },
        ...(tags.errorCode ? { error_code: tags.errorCode } : {}),
        responseTime: Math.round(ms),
      },
      status >= 500 ? 'request errored' : 'request completed',
    );
  };
}
