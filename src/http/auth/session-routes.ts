import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import type { User } from '../../domain/accounts.js';
import { LskError } from '../../domain/errors.js';
import { parseOrThrow } from '../../domain/validate.js';
import { requestAddress } from '../../redirect/geo.js';
import type { SignedIn } from '../../services/accounts/session-service.js';
import type { Services } from '../../services/all-services.js';
import { parseJsonObject, readBody } from '../guard/body.js';
import { sendJson } from '../respond.js';
import type { ServiceRoute } from '../service-route.js';
import { clearedCookie, readCookie, SESSION_COOKIE, sessionCookie } from './cookies.js';
import { checkOrigin } from './csrf.js';
import { passwordChangeSchema, signInSchema } from './schemas.js';

const POST = ['POST'] as const;

/** Helpers every /auth route shares: bodies, the current session, cookies. */
export function authKit(services: Services) {
  const { config } = services;
  return {
    /** The JSON body checked by `schema` (an empty body without a content type counts as `{}`). */
    async body<S extends z.ZodType>(req: IncomingMessage, schema: S): Promise<z.output<S>> {
      const raw = await readBody(req, config.bodyTimeoutMs);
      const input = raw.length === 0 && !req.headers['content-type'] ? {} : parseJsonObject(raw, req.headers['content-type']);
      return parseOrThrow(schema, input);
    },
    /** The caller's session, or null. */
    async current(req: IncomingMessage): Promise<SignedIn | null> {
      const token = readCookie(req, SESSION_COOKIE);
      return token ? services.sessions.resolve(token) : null;
    },
    async required(req: IncomingMessage): Promise<SignedIn> {
      const s = await this.current(req);
      if (!s) throw new LskError('unauthorized', 'Sign in first: this needs a dashboard session.');
      return s;
    },
    /** Start a session and answer 204 (or 200 with `body`) with its cookie. */
    async signInAs(req: IncomingMessage, res: ServerResponse, user: User, requestId: string, body?: unknown): Promise<void> {
      const { token } = await services.sessions.start(user, requestId);
      const cookie = sessionCookie(req, token, config.publicUrl, config.trustProxy);
      if (body === undefined) noContent(res, { 'set-cookie': cookie });
      else sendJson(res, 200, body, { 'set-cookie': cookie, 'cache-control': 'no-store' });
    },
    signOut(req: IncomingMessage, res: ServerResponse): void {
      noContent(res, { 'set-cookie': clearedCookie(req, config.publicUrl, config.trustProxy) });
    },
    address: (req: IncomingMessage) => requestAddress(req, config.trustProxy, 'unknown'),
  };
}

export type AuthKit = ReturnType<typeof authKit>;

function noContent(res: ServerResponse, headers: Record<string, string>): void {
  res.writeHead(204, { 'cache-control': 'no-store', ...headers });
  res.end();
}

/** What GET /auth/session answers: the user and every workspace they belong to, with their role there. */
export async function sessionBody(services: Services, user: User) {
  const workspaces = await services.directory.workspacesOf(user.id);
  return {
    user: { id: user.id, email: user.email, name: user.name, created_at: user.createdAt.toISOString() },
    workspaces: workspaces.map(({ workspace, role }) => ({ id: workspace.id, slug: workspace.slug, role })),
  };
}

/** Sign in, sign out (here or everywhere), the current session, and setting a password. */
export function sessionRoutes(services: Services, kit: AuthKit): [string, ServiceRoute][] {
  const { publicUrl } = services.config;
  const route = (path: string, methods: readonly string[], handle: ServiceRoute['handle']): [string, ServiceRoute] => [
    path,
    { label: `auth_${path.slice('/auth/'.length).replace(/-/g, '_')}`, path, methods, handle },
  ];
  return [
    route('/auth/sign-in', POST, async (req, res, _url, requestId) => {
      checkOrigin(req, publicUrl);
      const { email, password } = await kit.body(req, signInSchema);
      await kit.signInAs(req, res, await services.accounts.verify(email, password, kit.address(req), requestId), requestId);
    }),
    route('/auth/sign-out', POST, async (req, res, _url, requestId) => {
      checkOrigin(req, publicUrl);
      const s = await kit.current(req);
      if (s) await services.sessions.signOut(s, requestId);
      kit.signOut(req, res);
    }),
    route('/auth/sign-out-everywhere', POST, async (req, res) => {
      checkOrigin(req, publicUrl);
      const s = await kit.required(req);
      await services.sessions.endOthers(s.user.id);
      kit.signOut(req, res);
    }),
    route('/auth/session', ['GET'], async (req, res) => {
      const s = await kit.required(req);
      sendJson(res, 200, await sessionBody(services, s.user), { 'cache-control': 'no-store' });
    }),
    route('/auth/password', POST, async (req, res, _url, requestId) => {
      checkOrigin(req, publicUrl);
      const input = await kit.body(req, passwordChangeSchema);
      if ('token' in input) {
        // A password-set link: every session of the user ends; this browser gets a fresh one.
        const user = await services.accounts.setWithToken(input.token, input.new_password, requestId);
        await services.sessions.endOthers(user.id);
        await kit.signInAs(req, res, user, requestId);
        return;
      }
      const s = await kit.required(req);
      await services.accounts.change(s.user, input.current_password, input.new_password, requestId);
      await services.sessions.endOthers(s.user.id, s.session.id);
      res.writeHead(204, { 'cache-control': 'no-store' });
      res.end();
    }),
  ];
}
