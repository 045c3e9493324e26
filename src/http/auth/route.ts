import { LskError } from '../../domain/errors.js';
import type { ServiceRoute } from '../service-route.js';
import { checkOrigin } from './csrf.js';

/** A route under /auth/, labelled for metrics from its path (`/auth/2fa/setup` -> `auth_2fa_setup`). */
export function authRoute(path: string, methods: readonly string[], handle: ServiceRoute['handle']): [string, ServiceRoute] {
  return [
    path,
    {
      label: `auth_${path
        .slice('/auth/'.length)
        .replace(/[-/{}]+/g, '_')
        .replace(/_$/, '')}`,
      path,
      methods,
      handle,
    },
  ];
}

/**
 * `DELETE <prefix>{id}` (one of the caller's passkeys, sessions...): the prefix route that answers
 * it, the id segment handed over as sent (any other path below the prefix is 404), the browser's
 * Origin checked first.
 */
export function deleteByIdRoute(
  prefix: string,
  label: string,
  publicUrl: string,
  handle: (id: string, ...args: Parameters<ServiceRoute['handle']>) => Promise<void>,
): [string, ServiceRoute] {
  const one = new RegExp(`^${prefix.replace(/[/]/g, '\\/')}([^/]{1,256})$`);
  return [
    prefix,
    {
      label,
      path: `${prefix}{id}`,
      methods: ['DELETE'],
      async handle(req, res, url, requestId) {
        const m = one.exec(url.pathname);
        if (!m) throw new LskError('not_found', `No such page: ${url.pathname}`);
        checkOrigin(req, publicUrl);
        await handle(m[1]!, req, res, url, requestId);
      },
    },
  ];
}
