import { LskError } from '../../domain/errors.js';
import type { FirstStep } from '../../services/accounts/sign-in-service.js';
import type { Services } from '../../wiring/all-services.js';
import { sendJson } from '../respond.js';
import type { ServiceRoute } from '../service-route.js';
import { checkOrigin } from './csrf.js';
import { type AuthKit, noContent, sessionBody } from './kit.js';
import { authRoute } from './route.js';
import { passwordChangeSchema, passwordResetSchema, signInSchema } from './schemas.js';

const POST = ['POST'] as const;

/** Password sign-ins per client address per minute asking for a reset email (then 429). */
export const RESETS_PER_MINUTE = 5;

/**
 * The first step of a sign-in answered: the session cookie (204), or, for a user with a second
 * factor, 200 with the challenge to answer at /auth/sign-in/verify and no cookie.
 */
export async function answerFirstStep(
  kit: AuthKit,
  step: FirstStep,
  req: Parameters<ServiceRoute['handle']>[0],
  res: Parameters<ServiceRoute['handle']>[1],
  requestId: string,
) {
  if ('challenge' in step) {
    sendJson(res, 200, { second_factor_required: true, challenge: step.challenge, methods: step.methods }, { 'cache-control': 'no-store' });
  } else await kit.signInAs(req, res, step, requestId);
}

/** Sign in, sign out (here or everywhere), the current session, setting and resetting a password, and what sign-in offers. */
export function sessionRoutes(services: Services, kit: AuthKit): [string, ServiceRoute][] {
  const { publicUrl } = services.config;
  return [
    authRoute('/auth/sign-in', POST, async (req, res, _url, requestId) => {
      checkOrigin(req, publicUrl);
      const { email, password } = await kit.body(req, signInSchema);
      await answerFirstStep(kit, await services.signIn.password(email, password, kit.client(req, requestId)), req, res, requestId);
    }),
    authRoute('/auth/sign-out', POST, async (req, res, _url, requestId) => {
      checkOrigin(req, publicUrl);
      const s = await kit.current(req);
      if (s) await services.sessions.signOut(s, requestId);
      kit.signOut(req, res);
    }),
    authRoute('/auth/sign-out-everywhere', POST, async (req, res) => {
      checkOrigin(req, publicUrl);
      const s = await kit.required(req);
      await services.sessions.endOthers(s.user.id);
      kit.signOut(req, res);
    }),
    authRoute('/auth/session', ['GET'], async (req, res) => {
      const s = await kit.required(req);
      sendJson(res, 200, await sessionBody(services, s.user), { 'cache-control': 'no-store' });
    }),
    authRoute('/auth/methods', ['GET'], (_req, res) => {
      sendJson(
        res,
        200,
        { password: true, passkey: true, oidc: services.oidc !== null, password_reset: services.mailer.enabled, email: services.mailer.enabled },
        { 'cache-control': 'no-store' },
      );
    }),
    authRoute('/auth/password', POST, async (req, res, _url, requestId) => {
      checkOrigin(req, publicUrl);
      const input = await kit.body(req, passwordChangeSchema);
      if ('token' in input) {
        // A password-set link: every session of the user ends; this browser gets a fresh one.
        const user = await services.accounts.setWithToken(input.token, input.new_password, requestId);
        await services.sessions.endOthers(user.id);
        await kit.signInAs(req, res, { user, method: 'password_link' }, requestId);
        return;
      }
      const s = await kit.required(req);
      await services.accounts.change(s.user, input.current_password, input.new_password, requestId);
      await services.sessions.endOthers(s.user.id, s.session.id);
      noContent(res);
    }),
    authRoute('/auth/password-reset', POST, async (req, res, _url, requestId) => {
      checkOrigin(req, publicUrl);
      const { email } = await kit.body(req, passwordResetSchema);
      const client = kit.client(req, requestId);
      const d = await services.limiter.take(`pwreset:${client.address}`, RESETS_PER_MINUTE, 1, services.clock.now().getTime());
      if (!d.allowed) throw new LskError('rate_limited', 'Too many password reset requests; try again in a minute.', { retryAfter: d.resetSeconds });
      // Accepted whatever the address: the work happens after this answer (no enumeration by content or time).
      services.passwordResets.request(email, client);
      res.writeHead(202, { 'cache-control': 'no-store', 'content-length': '0' });
      res.end();
    }),
  ];
}
