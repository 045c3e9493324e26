import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { tagErrorCode } from '../observability/request-tags.js';
import { withQuery } from './location.js';
import { EXPIRED_PAGE, NOT_FOUND_PAGE, sendJsonError, sendPage } from './pages.js';

/** The redirect's own answers: a redirect, the expired answer of step 1 and the unknown-alias 404. */

export const wantsJson = (req: IncomingMessage) => (req.headers.accept ?? '').includes('application/json');

/**
 * A redirect: `to` plus the incoming query string (`query`: the one passed on, when it differs from
 * the request's); X-Robots-Tag unless the domain is crawlable; a variant's cookie.
 */
export function sendRedirect(
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
  to: string,
  status = 302,
  noindex = true,
  cookie: string | null = null,
  query?: string,
): undefined {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const incoming = query ?? (q >= 0 ? url.slice(q + 1) : '');
  const headers: OutgoingHttpHeaders = {
    location: incoming ? withQuery(to, incoming) : to,
    'x-request-id': requestId,
    'cache-control': 'private, max-age=0',
    'content-length': '0',
  };
  if (noindex) headers['x-robots-tag'] = 'noindex';
  if (cookie !== null) headers['set-cookie'] = cookie;
  res.writeHead(status, headers);
  res.end();
  return undefined;
}

/** Step 1: expired or exhausted: to expired_url (the link's, else its domain's) when set, else 410. Not a click. */
export function sendExpired(req: IncomingMessage, res: ServerResponse, requestId: string, to: string | null, noindex = true): undefined {
  if (to !== null) return sendRedirect(req, res, requestId, to, 302, noindex);
  tagErrorCode(res, 'link_expired');
  const head = req.method === 'HEAD';
  if (wantsJson(req)) sendJsonError(res, 410, 'link_expired', 'This link has expired.', head, requestId);
  else sendPage(res, 410, EXPIRED_PAGE, head, requestId);
  return undefined;
}

/** The 404 of an unknown alias (JSON when asked for), without redirecting anywhere. */
export function sendNotFound(req: IncomingMessage, res: ServerResponse, requestId: string, json: boolean): undefined {
  tagErrorCode(res, 'not_found');
  const head = req.method === 'HEAD';
  if (json) sendJsonError(res, 404, 'not_found', 'Link not found.', head, requestId);
  else sendPage(res, 404, NOT_FOUND_PAGE, head, requestId);
  return undefined;
}
