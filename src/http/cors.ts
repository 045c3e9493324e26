import type { IncomingMessage, ServerResponse } from 'node:http';

const EXPOSED = [
  'x-request-id',
  'idempotent-replayed',
  'location',
  'retry-after',
  'lsk-rotated-key',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'ratelimit-policy',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
].join(', ');

/**
 * CORS for browser clients of /v1 and /graphql, from LSK_CORS_ORIGINS (comma-separated origins, or
 * `*`). Keys travel in the Authorization header, never cookies, so no credentials mode is needed.
 */
export function corsPolicy(origins: readonly string[]) {
  const any = origins.includes('*');
  const allowed = new Set(origins.map((o) => o.toLowerCase()));
  const applies = (path: string) => path === '/graphql' || path === '/v1' || path.startsWith('/v1/');

  return {
    /** Sets CORS headers; answers a preflight itself (returns true then). */
    apply(req: IncomingMessage, res: ServerResponse, path: string): boolean {
      const origin = req.headers.origin;
      if (!origin || !applies(path) || (allowed.size === 0 && !any)) return false;
      if (!any && !allowed.has(origin.toLowerCase())) return false;
      res.setHeader('access-control-allow-origin', any ? '*' : origin);
      if (!any) res.setHeader('vary', 'Origin');
      res.setHeader('access-control-expose-headers', EXPOSED);
      if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
        res.writeHead(204, {
          'access-control-allow-methods': 'GET, POST, PATCH, DELETE, OPTIONS',
          'access-control-allow-headers': 'authorization, content-type, x-request-id, idempotency-key',
          'access-control-max-age': '600',
        });
        res.end();
        return true;
      }
      return false;
    },
  };
}
