import { LskError } from '../../domain/errors.js';
import type { Services } from '../../wiring/all-services.js';
import { sendJson } from '../respond.js';
import type { ServiceRoute } from '../service-route.js';
import { checkOrigin } from './csrf.js';
import { type AuthKit, sessionBody } from './kit.js';
import { acceptInviteSchema } from './schemas.js';

const INVITE = /^\/auth\/invites\/([A-Za-z0-9_-]{1,256})(\/accept)?$/;

/**
 * `GET /auth/invites/{token}`: what an invite is for (workspace, role, email, expiry), so the accept
 * page can say so; 404 for an unknown, used or expired one.
 * `POST /auth/invites/{token}/accept`: signed in, the user joins the invite's workspace; signed out,
 * `{name, password}` creates the account for the invite's email and signs it in. Answers the session
 * (`{user, workspaces, …}`), with the cookie when one was started.
 */
export function inviteRoutes(services: Services, kit: AuthKit): [string, ServiceRoute][] {
  const route: ServiceRoute = {
    label: 'auth_invite',
    path: '/auth/invites/{token}',
    methods: ['GET', 'POST'],
    async handle(req, res, url, requestId) {
      const m = INVITE.exec(url.pathname);
      if (!m || (req.method === 'POST') !== (m[2] !== undefined)) throw new LskError('not_found', `No such page: ${url.pathname}`);
      if (req.method === 'GET') {
        const found = await services.members.inviteByToken(m[1]!);
        if (!found) throw LskError.notFound('Invite');
        const { invite, workspace } = found;
        const body = {
          email: invite.email,
          role: invite.role,
          workspace: { id: workspace.id, slug: workspace.slug },
          expires_at: invite.expiresAt.toISOString(),
        };
        sendJson(res, 200, body, { 'cache-control': 'no-store' });
        return;
      }
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
      } else await kit.signInAs(req, res, { user, method: 'invite' }, requestId, body);
    },
  };
  return [['/auth/invites/', route]];
}
