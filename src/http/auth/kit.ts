import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import type { User } from '../../domain/accounts.js';
import { LskError } from '../../domain/errors.js';
import type { ClientInfo } from '../../domain/events/account-events.js';
import { parseOrThrow } from '../../domain/validate.js';
import { newSecret } from '../../services/accounts/secrets.js';
import type { SignedIn } from '../../services/accounts/session-service.js';
import type { SignedInBy } from '../../services/accounts/sign-in-service.js';
import type { Services } from '../../wiring/all-services.js';
import { parseJsonObject, readBody } from '../guard/body.js';
import { sendJson } from '../respond.js';
import { clientInfo } from './client.js';
import { clearedCookie, DEVICE_COOKIE, deviceCookie, readCookie, SESSION_COOKIE, sessionCookie } from './cookies.js';

/** Helpers every /auth route shares: bodies, the current session, cookies, the client. */
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
    client: (req: IncomingMessage, requestId: string): ClientInfo => clientInfo(req, requestId, config.trustProxy),
    /**
     * Start a session and answer 204 (or 200 with `body`) with its cookie. The browser keeps a device
     * cookie (random, a year) so that a sign-in from a browser new to the account can be told.
     */
    async signInAs(req: IncomingMessage, res: ServerResponse, by: SignedInBy, requestId: string, body?: unknown): Promise<void> {
      const cookies = await this.startSession(req, by, requestId);
      if (body === undefined) noContent(res, { 'set-cookie': cookies });
      else sendJson(res, 200, body, { 'set-cookie': cookies, 'cache-control': 'no-store' });
    },
    /** A new session's cookies (the session and the device id). */
    async startSession(req: IncomingMessage, by: SignedInBy, requestId: string): Promise<string[]> {
      const given = readCookie(req, DEVICE_COOKIE);
      const device = given && /^[A-Za-z0-9_-]{43}$/.test(given) ? given : newSecret();
      const { token } = await services.sessions.start(by.user, this.client(req, requestId), by, device);
      return [sessionCookie(req, token, config.publicUrl, config.trustProxy), deviceCookie(req, device, config.publicUrl, config.trustProxy)];
    },
    signOut(req: IncomingMessage, res: ServerResponse): void {
      noContent(res, { 'set-cookie': clearedCookie(req, config.publicUrl, config.trustProxy) });
    },
  };
}

export type AuthKit = ReturnType<typeof authKit>;

export function noContent(res: ServerResponse, headers: Record<string, string | string[]> = {}): void {
  res.writeHead(204, { 'cache-control': 'no-store', ...headers });
  res.end();
}

/** What GET /auth/session answers: the user, their second factors and every workspace they belong to, with their role there. */
export async function sessionBody(services: Services, user: User) {
  const [workspaces, factors] = await Promise.all([services.directory.workspacesOf(user.id), services.twoFactor.factors(user.id)]);
  return {
    user: { id: user.id, email: user.email, name: user.name, created_at: user.createdAt.toISOString() },
    workspaces: workspaces.map(({ workspace, role }) => ({ id: workspace.id, slug: workspace.slug, role, require_2fa: workspace.require2fa })),
    two_factor: factors.totp || factors.passkeys > 0,
    second_factors: { totp: factors.totp, passkeys: factors.passkeys },
  };
}
