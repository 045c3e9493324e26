import type { IncomingMessage } from 'node:http';
import { SESSION_MAX_MS } from '../../services/accounts/session-service.js';

export const SESSION_COOKIE = 'lsk_session';
/** A random id per browser (a year): how a sign-in from a browser new to an account is told. */
export const DEVICE_COOKIE = 'lsk_device';
const DEVICE_MAX_S = 365 * 86_400;

/** The value of one cookie of the request, or undefined. */
export function readCookie(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

const LOCAL = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Plain http on the local machine is the one case a cookie may go without `Secure` (a browser would drop it). */
function isLocalHttp(req: IncomingMessage, publicUrl: string, trustProxy: number): boolean {
  const forwarded =
    trustProxy > 0
      ? String(req.headers['x-forwarded-proto'] ?? '')
          .split(',')[0]!
          .trim()
      : '';
  if (forwarded === 'https') return false;
  const host = (req.headers.host ?? new URL(publicUrl).host).toLowerCase().replace(/:\d+$/, '');
  return LOCAL.has(host);
}

/** `Set-Cookie` for a new session: HttpOnly, SameSite=Lax, Path=/, 30 days, Secure unless local plain http. */
export function sessionCookie(req: IncomingMessage, token: string, publicUrl: string, trustProxy: number): string {
  const secure = isLocalHttp(req, publicUrl, trustProxy) ? '' : '; Secure';
  return `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${SESSION_MAX_MS / 1000}; HttpOnly; SameSite=Lax${secure}`;
}

/** `Set-Cookie` that removes the session cookie. */
export function clearedCookie(req: IncomingMessage, publicUrl: string, trustProxy: number): string {
  const secure = isLocalHttp(req, publicUrl, trustProxy) ? '' : '; Secure';
  return `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`;
}

/** `Set-Cookie` of the device id: HttpOnly, SameSite=Lax, a year, renewed on each sign-in. */
export function deviceCookie(req: IncomingMessage, device: string, publicUrl: string, trustProxy: number): string {
  const secure = isLocalHttp(req, publicUrl, trustProxy) ? '' : '; Secure';
  return `${DEVICE_COOKIE}=${device}; Path=/; Max-Age=${DEVICE_MAX_S}; HttpOnly; SameSite=Lax${secure}`;
}

/** The OIDC flight's browser binding: only /auth/oidc sees it, for 10 minutes; Lax, so the provider's redirect back carries it. */
export const OIDC_COOKIE = 'lsk_oidc';

export function oidcCookie(req: IncomingMessage, binding: string, publicUrl: string, trustProxy: number): string {
  const secure = isLocalHttp(req, publicUrl, trustProxy) ? '' : '; Secure';
  return `${OIDC_COOKIE}=${binding}; Path=/auth/oidc; Max-Age=${binding ? 600 : 0}; HttpOnly; SameSite=Lax${secure}`;
}
