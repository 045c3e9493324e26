import type { IncomingMessage } from 'node:http';
import { LskError } from '../../domain/errors.js';

/** The service's own origins: LSK_PUBLIC_URL's and the one the request was sent to (its Host). */
function ownOrigins(req: IncomingMessage, publicUrl: string): Set<string> {
  const own = new Set([new URL(publicUrl).origin]);
  const host = req.headers.host;
  if (host) for (const scheme of ['http', 'https']) own.add(`${scheme}://${host.toLowerCase()}`);
  return own;
}

/** An `Origin`, when the browser sent one, must be the service's own: 403 csrf_failed otherwise. */
export function checkOrigin(req: IncomingMessage, publicUrl: string): void {
  const origin = req.headers.origin;
  if (origin !== undefined && !ownOrigins(req, publicUrl).has(origin.toLowerCase())) {
    throw new LskError('csrf_failed', `Requests from ${origin} cannot use a dashboard session.`);
  }
}

/**
 * The CSRF rule of cookie-authenticated API calls (/v1, /graphql): `X-Lsk-Csrf: 1` (a header a
 * cross-site form cannot send and a cross-site script cannot send without a CORS preflight, which
 * never allows credentials) and, when present, a same-origin `Origin`.
 */
export function checkCsrf(req: IncomingMessage, publicUrl: string): void {
  if (req.headers['x-lsk-csrf'] !== '1') throw new LskError('csrf_failed', 'Requests with a dashboard session must send "X-Lsk-Csrf: 1".');
  checkOrigin(req, publicUrl);
}
