import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { tagsOf } from './request-tags.js';

/** Routes logged at debug: probes, scrapes, static assets and short-link redirects. */
const QUIET_ROUTES: ReadonlySet<string> = new Set(['healthz', 'readyz', 'metrics', 'static', 'redirect']);

/** The status an answer went out with; 499 (client closed request) when the client left before it. */
export function answeredStatus(res: ServerResponse): number {
  return res.writableEnded ? res.statusCode : 499;
}

/**
 * One line per request, written when the answer is finished (or the client has gone):
 *
 *   {"level":30,...,"req":{"id":"…","method":"GET","url":"/v1/links/{id}"},"route":"link",
 *    "res":{"statusCode":404},"error_code":"not_found","responseTime":3,"msg":"request completed"}
 *
 * `req.url` is the route's TEMPLATE (never the raw path or query string, which may carry personal
 * data); no header, cookie, key or body is ever written. Level: error for 5xx, debug for the quiet
 * routes, info otherwise. A 5xx line carries no stack: the error itself is logged where it happened.
 * Nothing is built for a line whose level is off (the line of a 2xx at LOG_LEVEL=warn): no child
 * logger per request, as pino-http made for every request whatever the level.
 */
export function requestLogger(log: Logger): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const started = Date.now();
    const complete = (err?: unknown) => {
      res.removeListener('close', complete);
      res.removeListener('finish', complete);
      res.removeListener('error', complete);
      const status = answeredStatus(res);
      const tags = tagsOf(req);
      const level = status >= 500 ? 'error' : QUIET_ROUTES.has(tags?.route ?? '') ? 'debug' : 'info';
      if (!log.isLevelEnabled(level)) return;
      log[level](
        {
          req: { id: tags?.requestId ?? '', method: req.method, url: tags?.path },
          route: tags?.route,
          res: { statusCode: status },
          ...(tags?.errorCode ? { error_code: tags.errorCode } : {}),
          responseTime: Date.now() - started,
        },
        err !== undefined || status >= 500 ? 'request errored' : 'request completed',
      );
    };
    res.on('close', complete);
    res.on('finish', complete);
    res.on('error', complete);
  };
}
