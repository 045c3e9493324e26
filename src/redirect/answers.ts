import type { IncomingMessage, ServerResponse } from 'node:http';
import { withQuery } from './location.js';
import { DISABLED_PAGE, EXPIRED_PAGE, NOT_FOUND_PAGE, refuse } from './pages.js';

/** The redirect's own answers: a redirect, the expired answer of step 1, the unknown-alias 404 and the disabled link's 403. */

/**
 * A redirect: `to` plus the incoming query string (`query`: the one passed on, when it differs from
 * the request's); X-Robots-Tag unless the domain is crawlable; a variant's cookie. The headers go to
 * `writeHead` as one flat array of names and values, which node:http reads by index in that order
 * (an object is read key by key, through a property lookup per key on objects of several shapes).
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
  const location = incoming ? withQuery(to, incoming) : to;
  const headers = ['location', location, 'x-request-id', requestId, 'cache-control', 'private, max-age=0', 'content-length', '0'];
  if (noindex) headers.push('x-robots-tag', 'noindex');
  if (cookie !== null) headers.push('set-cookie', cookie);
  res.writeHead(status, headers);
  res.end();
  return undefined;
}

/** Step 1: expired or exhausted: to expired_url (the link's, else its domain's) when set, else 410. Not a click. */
export function sendExpired(req: IncomingMessage, res: ServerResponse, requestId: string, to: string | null, noindex = true): undefined {
  if (to !== null) return sendRedirect(req, res, requestId, to, 302, noindex);
  return refuse(req, res, requestId, 410, 'link_expired', 'This link has expired.', EXPIRED_PAGE);
}

/** The 404 of an unknown alias (JSON when asked for), without redirecting anywhere. */
export function sendNotFound(req: IncomingMessage, res: ServerResponse, requestId: string): undefined {
  return refuse(req, res, requestId, 404, 'not_found', 'Link not found.', NOT_FOUND_PAGE);
}

/** A disabled link (or one of a suspended workspace, or with a target on a blocked host): 403, not a click. */
export function sendDisabled(req: IncomingMessage, res: ServerResponse, requestId: string): undefined {
  return refuse(req, res, requestId, 403, 'link_disabled', 'This link has been disabled.', DISABLED_PAGE);
}
