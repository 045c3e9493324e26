import type { Services } from '../../wiring/all-services.js';
import { sendJson } from '../respond.js';
import type { ServiceRoute } from '../service-route.js';
import { type AuthKit, noContent } from './kit.js';
import { authRoute, deleteByIdRoute } from './route.js';

/** The signed-in user's own sessions: list them, end one (this one included). */
export function sessionListRoutes(services: Services, kit: AuthKit): { exact: [string, ServiceRoute][]; prefixes: [string, ServiceRoute][] } {
  const list = authRoute('/auth/sessions', ['GET'], async (req, res) => {
    const { user, session } = await kit.required(req);
    const data = (await services.sessions.list(user.id, session.id)).map((s) => ({
      id: s.id,
      created_at: s.createdAt.toISOString(),
      last_seen_at: s.seenAt.toISOString(),
      browser: s.browser,
      os: s.os,
      current: s.current,
    }));
    sendJson(res, 200, { data }, { 'cache-control': 'no-store' });
  });
  const one = deleteByIdRoute('/auth/sessions/', 'auth_session_revoke', services.config.publicUrl, async (id, req, res, _url, requestId) => {
    const { user, session } = await kit.required(req);
    const { current } = await services.sessions.revoke(user, id, session.id, kit.client(req, requestId));
    if (current) kit.signOut(req, res);
    else noContent(res);
  });
  return { exact: [list], prefixes: [one] };
}
