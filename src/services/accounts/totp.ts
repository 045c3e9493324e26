import { deferred } from '../../domain/deferred.js';

/** otplib: loaded at the server's start (loadDeferred), and by no `lsk` command (docs/adr/0232). */
const otplib = deferred(() => import('otplib'));

/**
 * TOTP (RFC 6238) through otplib: SHA-1, 6 digits, 30-second steps, a 160-bit secret (base32), and
 * codes of the step before and after the current one accepted (±30 s of clock drift). otplib compares
 * codes in constant time; which step matched is returned so that each code is used once.
 */
export const TOTP_PERIOD_S = 30;

export async function newTotpSecret(): Promise<string> {
  const { generateSecret } = await otplib();
  return generateSecret({ length: 20 });
}

/** The `otpauth://totp/…` URL an authenticator app reads (from a QR code or typed in). */
export async function otpauthUrl(secret: string, account: string, issuer: string): Promise<string> {
  const { generateURI } = await otplib();
  return generateURI({ issuer, label: account, secret, period: TOTP_PERIOD_S, digits: 6, algorithm: 'sha1' });
}

/** The time step `code` belongs to at `nowMs` (current ±1), or null when it matches none. `code` is 6 digits. */
export async function matchingStep(secret: string, code: string, nowMs: number): Promise<number | null> {
  const { verify } = await otplib();
  const r = await verify({ secret, token: code, epoch: Math.floor(nowMs / 1000), epochTolerance: TOTP_PERIOD_S, period: TOTP_PERIOD_S });
  return r.valid && 'timeStep' in r ? r.timeStep : null;
}
