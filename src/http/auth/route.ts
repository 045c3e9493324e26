import type { ServiceRoute } from '../service-route.js';

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
