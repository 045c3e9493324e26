import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { type HttpLogger, pinoHttp } from 'pino-http';
import { tagsOf } from './request-tags.js';

/** Routes logged at debug: probes, scrapes, static assets and short-link redirects. */
const QUIET_ROUTES: ReadonlySet<string> = new Set(['healthz', 'readyz', 'metrics', 'static', 'redirect']);

/** The status an answer went out with; 499 (client closed request) when the client left before it. */
export function answeredStatus(res: ServerResponse): number {
  return res.writableEnded ? res.statusCode : 499;
}

/**
 * One line per request, written by pino-http when the answer is finished:
 *
 *   {"level":30,...,"req":{"id":"…","method":"GET","url":"/v1/links/{id}"},"route":"link",
 *    "res":{"statusCode":404},"error_code":"not_found","responseTime":3,"msg":"request completed"}
 *
 * `req.url` is the route's TEMPLATE (never the raw path or query string, which may carry personal
 * data); no header, cookie, key or body is ever written. Level: error for 5xx, debug for the quiet
 * routes, info otherwise. A 5xx line carries no stack: the error itself is logged where it happened.
 */
export function requestLogger(log: Logger): HttpLogger {
  const fields = (req: IncomingMessage, val: Record<string, unknown>) => {
    const tags = tagsOf(req);
    return { route: tags?.route, res: val.res, ...(tags?.errorCode ? { error_code: tags.errorCode } : {}), responseTime: val.responseTime };
  };
  return pinoHttp({
    logger: log,
    wrapSerializers: false,
    serializers: {
      req: (req: IncomingMessage) => ({ id: req.id, method: req.method, url: tagsOf(req)?.path }),
      res: (res: ServerResponse) => ({ statusCode: answeredStatus(res) }),
    },
    genReqId: (req) => tagsOf(req)?.requestId ?? '',
    customLogLevel(req, res) {
      if (answeredStatus(res) >= 500) return 'error';
      return QUIET_ROUTES.has(tagsOf(req)?.route ?? '') ? 'debug' : 'info';
    },
    customSuccessObject: (req, _res, val) => fields(req, val),
    customErrorObject: (req, _res, _err, val) => fields(req, val),
  });
}
