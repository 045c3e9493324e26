import type { JWTPayload } from 'jose';
import { LskError } from '../domain/errors.js';
import { hasPrefix } from '../domain/ids.js';
import type { ApiKey } from '../domain/model.js';
import { jose } from './jose.js';
import { type Keyring, SIGNING_ALG } from './keyring.js';

export const KEY_PREFIX = 'lsk_live_';
/** How far the clocks of the signer and the verifier may disagree, in seconds. */
export const CLOCK_SKEW_S = 60;

/** What a verified token names. */
export interface VerifiedToken {
  keyId: string;
  workspaceId: string;
  exp: number;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * A compact JWS whose three parts are each in the one base64url spelling of their bytes (RFC 7515
 * §2: no padding, no other alphabet, unused bits of the last character zero). Decoders accept the
 * other spellings too, so without this one key would have many spellings that all pass.
 */
export function isCanonicalJws(jws: string): boolean {
  const parts = jws.split('.');
  return parts.length === 3 && parts.every((p) => BASE64URL.test(p) && Buffer.from(p, 'base64url').toString('base64url') === p);
}

const invalid = () => new LskError('invalid_api_key', 'The API key is not valid.');

/**
 * API keys' tokens: `lsk_live_<JWT>` signed by the keyring (the secret is never stored; the token
 * proves itself by its signature). A verified token is remembered, so its next request costs a map lookup.
 */
export class KeyTokens {
  private verified = new Map<string, VerifiedToken>();

  constructor(
    private readonly keyring: Keyring,
    private readonly maxCached: number,
  ) {}

  /** The token of a key. Ed25519 signatures are deterministic, so this is the same every time. */
  async sign(key: ApiKey): Promise<string> {
    const signer = await this.keyring.signingKey(key.kid);
    const { SignJWT } = await jose();
    const jwt = await new SignJWT({ wsp: key.workspaceId })
      .setProtectedHeader({ alg: SIGNING_ALG, kid: signer.kid, typ: 'JWT' })
      .setSubject(key.id)
      .setIssuedAt(Math.floor(key.createdAt.getTime() / 1000))
      .setExpirationTime(Math.floor(key.expiresAt.getTime() / 1000))
      .sign(signer.key);
    return KEY_PREFIX + jwt;
  }

  /** The JWT of an Authorization header value, in its one canonical spelling, or the contract's 401. */
  jwtOf(header: string): string {
    // RFC 6750: "Bearer", one or more spaces, the token; nothing else (a trailing no-break space is not white space here).
    const m = /^Bearer +([\x21-\x7e]+)$/i.exec(header);
    if (!m) throw new LskError('invalid_api_key', 'The Authorization header must be "Bearer lsk_live_...".');
    const token = m[1]!;
    const jwt = token.slice(KEY_PREFIX.length);
    // A token verified before was canonical then (the check runs before every verification).
    if (!token.startsWith(KEY_PREFIX) || token.length > 4096 || (!this.verified.has(jwt) && !isCanonicalJws(jwt))) throw invalid();
    return jwt;
  }

  /** The key and workspace a token names, once its signature and lifetime hold at `now`; else the contract's 401. */
  async verify(jwt: string, now: Date): Promise<VerifiedToken> {
    const cached = this.verified.get(jwt);
    if (cached) {
      if (now.getTime() / 1000 > cached.exp + CLOCK_SKEW_S) throw new LskError('key_expired', 'The API key has expired.');
      return cached;
    }
    let payload: JWTPayload;
    const { jwtVerify, errors } = await jose();
    try {
      ({ payload } = await jwtVerify(
        jwt,
        async (header) => {
          const kid = header.kid ?? '';
          let key = await this.keyring.verifyKey(kid);
          if (!key) {
            await this.keyring.refreshForUnknownKid();
            key = await this.keyring.verifyKey(kid);
          }
          if (!key) throw invalid();
          return key;
        },
        { algorithms: [SIGNING_ALG], clockTolerance: CLOCK_SKEW_S, currentDate: now, requiredClaims: ['sub', 'exp', 'iat'] },
      ));
    } catch (e) {
      if (e instanceof errors.JWTExpired) throw new LskError('key_expired', 'The API key has expired.');
      throw invalid();
    }
    const keyId = payload.sub;
    const workspaceId = payload.wsp;
    if (typeof keyId !== 'string' || !hasPrefix(keyId, 'key') || typeof workspaceId !== 'string' || typeof payload.exp !== 'number') throw invalid();
    const v = { keyId, workspaceId, exp: payload.exp };
    if (this.verified.size >= this.maxCached) this.verified.clear();
    this.verified.set(jwt, v);
    return v;
  }
}
