import type { IncomingMessage } from 'node:http';
import type { UserPrincipal } from '../../auth/principal.js';
import { LskError } from '../../domain/errors.js';
import { ROLE_SCOPES } from '../../domain/scopes.js';
import type { Services } from '../../wiring/all-services.js';
import { readCookie, SESSION_COOKIE } from '../auth/cookies.js';
import { checkCsrf } from '../auth/csrf.js';
import type { Authenticator } from './authenticators.js';

/** The workspace a session request names (`Lsk-Workspace: <slug or id>`), if the user is a member of it. */
async function memberOf(services: Services, userId: string, req: IncomingMessage) {
  const ref = req.headers['lsk-workspace'];
  if (typeof ref !== 'string' || ref === '') {
    throw LskError.validation([{ path: 'Lsk-Workspace', message: 'is required with a dashboard session: the slug or id of a workspace' }]);
  }
  const found = await services.directory.roleIn(userId, ref);
  if (!found) throw new LskError('forbidden', `You are not a member of the workspace "${ref}".`);
  return found;
}

/**
 * Cookie `lsk_session` (the dashboard). Asked after the API key authenticator, so a request with
 * both acts for the key. Checks the CSRF rule first, then the session, then the membership, then
 * (when the workspace requires it) that the user has a second factor.
 */
export function sessionAuthenticator(services: Services): Authenticator {
  return async (req): Promise<UserPrincipal | null> => {
    const token = readCookie(req, SESSION_COOKIE);
    if (token === undefined || token === '') return null;
    checkCsrf(req, services.config.publicUrl);
    const signedIn = await services.sessions.resolve(token);
    if (!signedIn) throw new LskError('unauthorized', 'The dashboard session has ended; sign in again.');
    const { workspace, role } = await memberOf(services, signedIn.user.id, req);
    if (workspace.require2fa) {
      const f = await services.twoFactor.factors(signedIn.user.id);
      if (!f.totp && f.passkeys === 0) {
        throw new LskError(
          'two_factor_required',
          `The workspace "${workspace.slug}" requires two-factor sign-in: add an authenticator app or a passkey on your account page.`,
        );
      }
    }
    return { kind: 'user', user: signedIn.user, sessionId: signedIn.session.id, workspace, role, scopes: ROLE_SCOPES[role] };
  };
}
