import type { Services } from '../../wiring/all-services.js';
import { sendJson } from '../respond.js';
import type { ServiceRoute } from '../service-route.js';
import { checkOrigin } from './csrf.js';
import { type AuthKit, noContent } from './kit.js';
import { authRoute } from './route.js';
import { challengeOnlySchema, disableTotpSchema, enableTotpSchema, verifySignInSchema } from './schemas.js';

const POST = ['POST'] as const;
const NO_STORE = { 'cache-control': 'no-store' };

/** Authenticator apps (set up, turn on, turn off) and the second step of a sign-in. */
export function twoFactorRoutes(services: Services, kit: AuthKit): [string, ServiceRoute][] {
  const { publicUrl } = services.config;
  return [
    authRoute('/auth/2fa/setup', POST, async (req, res) => {
      checkOrigin(req, publicUrl);
      const { user } = await kit.required(req);
      const { secret, otpauthUrl } = await services.twoFactor.setup(user);
      sendJson(res, 200, { secret, otpauth_url: otpauthUrl }, NO_STORE);
    }),
    authRoute('/auth/2fa/enable', POST, async (req, res, _url, requestId) => {
      checkOrigin(req, publicUrl);
      const { user } = await kit.required(req);
      const { code } = await kit.body(req, enableTotpSchema);
      const codes = await services.twoFactor.enable(user, code, kit.client(req, requestId));
      sendJson(res, 200, { recovery_codes: codes }, NO_STORE);
    }),
    authRoute('/auth/2fa/disable', POST, async (req, res, _url, requestId) => {
      checkOrigin(req, publicUrl);
      const { user } = await kit.required(req);
      const { code } = await kit.body(req, disableTotpSchema);
      await services.twoFactor.disable(user, code, kit.client(req, requestId));
      noContent(res);
    }),
    authRoute('/auth/sign-in/verify', POST, async (req, res, _url, requestId) => {
      checkOrigin(req, publicUrl);
      const input = await kit.body(req, verifySignInSchema);
      const client = kit.client(req, requestId);
      const by =
        input.passkey !== undefined
          ? await services.signIn.verifyPasskey(input.challenge, input.passkey, client)
          : await services.signIn.verifyCode(input.challenge, input.code!, client);
      await kit.signInAs(req, res, by, requestId);
    }),
    authRoute('/auth/sign-in/passkey-options', POST, async (req, res) => {
      checkOrigin(req, publicUrl);
      const { challenge } = await kit.body(req, challengeOnlySchema);
      sendJson(res, 200, await services.signIn.passkeyOptions(challenge), NO_STORE);
    }),
  ];
}
