import type { Services } from '../../wiring/all-services.js';
import type { ServiceRoute } from '../service-route.js';
import { inviteRoutes } from './invite-routes.js';
import { authKit } from './kit.js';
import { oidcRoutes } from './oidc-routes.js';
import { passkeyRoutes } from './passkey-routes.js';
import { sessionListRoutes } from './session-list-routes.js';
import { sessionRoutes } from './session-routes.js';
import { twoFactorRoutes } from './two-factor-routes.js';

/** Everything under /auth/ (outside /v1: sessions are the dashboard's, not the API's). */
export function authRoutes(services: Services): { exact: [string, ServiceRoute][]; prefixes: [string, ServiceRoute][] } {
  const kit = authKit(services);
  const passkeys = passkeyRoutes(services, kit);
  const sessions = sessionListRoutes(services, kit);
  return {
    exact: [...sessionRoutes(services, kit), ...twoFactorRoutes(services, kit), ...passkeys.exact, ...sessions.exact, ...oidcRoutes(services, kit)],
    prefixes: [...inviteRoutes(services, kit), ...passkeys.prefixes, ...sessions.prefixes],
  };
}
