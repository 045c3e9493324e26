import type { Services } from '../../services/all-services.js';
import type { ServiceRoute } from '../service-route.js';
import { inviteRoutes } from './invite-routes.js';
import { authKit, sessionRoutes } from './session-routes.js';

/** Everything under /auth/ (outside /v1: sessions are the dashboard's, not the API's). */
export function authRoutes(services: Services): { exact: [string, ServiceRoute][]; prefixes: [string, ServiceRoute][] } {
  const kit = authKit(services);
  return { exact: sessionRoutes(services, kit), prefixes: inviteRoutes(services, kit) };
}
