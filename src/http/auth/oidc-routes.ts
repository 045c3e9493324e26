import type { ServerResponse } from 'node:http';
import { LskError } from '../../domain/errors.js';
import { OidcRefused } from '../../services/accounts/oidc-service.js';
import type { Services } from '../../wiring/all-services.js';
import type { ServiceRoute } from '../service-route.js';
import { OIDC_COOKIE, oidcCookie, readCookie } from './cookies.js';
import type { AuthKit } from './kit.js';
import { authRoute } from './route.js';

const NEXT = /^\/(?!\/)[A-Za-z0-9._~!$&'()*+,;=:@%/?-]{0,500}$/;
const INVITE = /^[A-Za-z0-9_-]{1,256}$/;

function redirect(res: ServerResponse, location: string, cookies: string[]): void {
  res.writeHead(302, { location, 'set-cookie': cookies, 'cache-control': 'no-store', 'content-length': '0' });
  res.end();
}

/**
 * Single sign-on (only when LSK_OIDC_* are set; 404 otherwise): `GET /auth/oidc/start` sends the
 * browser to the provider (`?next=` a dashboard path to land on, `?invite=` an invite token to accept);
 * `GET /auth/oidc/callback` is where the provider sends it back. Both answer redirects: to the
 * dashboard with a session, or to its sign-in page with `?sso_error=<reason>`.
 */
export function oidcRoutes(services: Services, kit: AuthKit): [string, ServiceRoute][] {
  const { publicUrl, trustProxy } = services.config;
  const enabled = () => {
    if (!services.oidc) throw new LskError('not_found', 'Single sign-on is not configured on this service.');
    return services.oidc;
  };
  return [
    authRoute('/auth/oidc/start', ['GET'], async (req, res, url) => {
      const oidc = enabled();
      const next = url.searchParams.get('next') ?? '/links';
      const invite = url.searchParams.get('invite');
      if (!NEXT.test(next)) throw LskError.validation([{ path: 'next', message: 'must be a dashboard path such as /links' }]);
      if (invite !== null && !INVITE.test(invite)) throw LskError.validation([{ path: 'invite', message: 'must be an invite token' }]);
      const { url: to, binding } = await oidc.start(next, invite);
      redirect(res, to, [oidcCookie(req, binding, publicUrl, trustProxy)]);
    }),
    authRoute('/auth/oidc/callback', ['GET'], async (req, res, url, requestId) => {
      const oidc = enabled();
      const clear = oidcCookie(req, '', publicUrl, trustProxy);
      try {
        const { user, next } = await oidc.callback(url.searchParams, readCookie(req, OIDC_COOKIE), requestId);
        const cookies = await kit.startSession(req, { user, method: 'oidc' }, requestId);
        redirect(res, `${publicUrl}/dashboard${next}`, [...cookies, clear]);
      } catch (e) {
        // A refused SSO sign-in names no account lsk could record it for: the request log has it.
        if (!(e instanceof OidcRefused)) throw e;
        redirect(res, `${publicUrl}/dashboard/sign-in?sso_error=${e.reason}`, [clear]);
      }
    }),
  ];
}
