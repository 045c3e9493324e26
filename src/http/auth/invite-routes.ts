import { LskError } from '../../domain/errors.js';
import type { Services } from '../../services/all-services.js';
import { sendJson } from '../respond.js';
import type { ServiceRoute } from '../service-route.js';
import { checkOrigin } from './csrf.js';
import { acceptInviteSchema } from './schemas.js';
import { type AuthKit, sessionBody } from './session-routes.js';

const ACCEPT = /^\/auth\/invites\/([A-Za-z0-9_-]{1,256})\/accept$/;

/**
 * POST /auth/invites/{token}/accept: signed in, the user joins the invite's workspace; signed out,
 * `{name, password}` creates the account for the invite's email and signs it in. Answers the session
 * (`{user, workspaces}`), with the cookie when one was started.
 */
export function inviteRoutes(services: Services, kit: AuthKit): [string, ServiceRoute][] {
  const route: ServiceRoute = {
    label: 'auth_invite_accept',
    path: '/auth/invites/{token}/accept',
    methods: ['POST'],
    async handle(req, res, url, requestId) {
      const m = ACCEPT.exec(url.pathname);
      if (!m) throw new LskError('not_found', `No such page: ${url.pathname}`);
      checkOrigin(req, services.config.publicUrl);
      const input = await kit.body(req, acceptInviteSchema);
      const signedIn = await kit.current(req);
      if (!signedIn && (input.name === undefined || input.password === undefined)) {
        const missing = (['name', 'password'] as const).filter((k) => input[k] === undefined);
        throw LskError.validation(missing.map((path) => ({ path, message: 'is required to create your account (or sign in first)' })));
      }
      const { user } = await services.members.accept(
        m[1]!,
        signedIn?.user ?? null,
        (email) => services.accounts.createUser(email, input.name!, input.password!),
        requestId,
      );
      const body = await sessionBody(services, user);
      if (signedIn) {
        sendJson(res, 200, body, { 'cache-control': 'no-store' });
      } else await kit.signInAs(req, res, user, requestId, body);
    },
  };
  return [['/auth/invites/', route]];
}
