import { idParamSchema } from '../../domain/ids.js';
import { addPasskeySchema } from '../../domain/passkey-schemas.js';
import type { Passkey } from '../../domain/second-factor.js';
import { parseOrThrow } from '../../domain/validate.js';
import type { Services } from '../../wiring/all-services.js';
import { sendJson } from '../respond.js';
import type { ServiceRoute } from '../service-route.js';
import { checkOrigin } from './csrf.js';
import { type AuthKit, noContent } from './kit.js';
import { authRoute, deleteByIdRoute } from './route.js';
import { passkeySignInSchema } from './schemas.js';
import { answerFirstStep } from './session-routes.js';

const POST = ['POST'] as const;
const NO_STORE = { 'cache-control': 'no-store' };

/** A passkey as its owner sees it (never its key material). */
const present = (p: Passkey) => ({
  id: p.id,
  name: p.name,
  created_at: p.createdAt.toISOString(),
  last_used_at: p.lastUsedAt?.toISOString() ?? null,
});

/** Passkeys: register (options, then the browser's answer), list, remove; sign in with one. */
export function passkeyRoutes(services: Services, kit: AuthKit): { exact: [string, ServiceRoute][]; prefixes: [string, ServiceRoute][] } {
  const { publicUrl } = services.config;
  const exact = [
    authRoute('/auth/passkeys', ['GET', 'POST'], async (req, res, _url, requestId) => {
      if (req.method === 'POST') checkOrigin(req, publicUrl);
      const { user } = await kit.required(req);
      if (req.method === 'GET') {
        sendJson(res, 200, { data: (await services.passkeys.list(user.id)).map(present) }, NO_STORE);
        return;
      }
      const { response, name } = await kit.body(req, addPasskeySchema);
      const passkey = await services.passkeys.register(user, response, name, kit.client(req, requestId));
      sendJson(res, 201, present(passkey), NO_STORE);
    }),
    authRoute('/auth/passkeys/options', POST, async (req, res) => {
      checkOrigin(req, publicUrl);
      const { user } = await kit.required(req);
      sendJson(res, 200, await services.passkeys.registrationOptions(user), NO_STORE);
    }),
    authRoute('/auth/passkeys/sign-in/options', POST, async (req, res) => {
      checkOrigin(req, publicUrl);
      sendJson(res, 200, await services.passkeys.signInOptions(), NO_STORE);
    }),
    authRoute('/auth/passkeys/sign-in', POST, async (req, res, _url, requestId) => {
      checkOrigin(req, publicUrl);
      const { response } = await kit.body(req, passkeySignInSchema);
      await answerFirstStep(kit, await services.signIn.passkey(response), req, res, requestId);
    }),
  ];
  const one = deleteByIdRoute('/auth/passkeys/', 'auth_passkey', publicUrl, async (id, req, res, _url, requestId) => {
    const { user } = await kit.required(req);
    await services.passkeys.remove(user, parseOrThrow(idParamSchema('pky'), id, 'id'), kit.client(req, requestId));
    noContent(res);
  });
  return { exact, prefixes: [one] };
}
