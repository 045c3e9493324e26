import { displayTextSchema } from './text.js';
import { z } from './zod.js';

/** Plain records of second factors; adapters map their rows to these. */

/** A user's authenticator app (TOTP, RFC 6238): one record per user, written only by that user's own requests. */
export interface TotpRecord {
  userId: string;
  /** base32, once enabled; null while only set up. */
  secret: string | null;
  enabledAt: Date | null;
  /** Salted SHA-256 of each recovery code (services/accounts/recovery-codes.ts), in issue order. */
  recoveryHashes: string[];
  /** A secret set up (`POST /auth/2fa/setup`) and not yet confirmed by a code. */
  pendingSecret: string | null;
  pendingAt: Date | null;
}

/** A WebAuthn credential (passkey) of a user. */
export interface Passkey {
  /** `pky_…`: how the API names it. */
  id: string;
  /** The authenticator's credential id (base64url); unique. */
  credentialId: string;
  userId: string;
  /** The COSE public key (base64url). */
  publicKey: string;
  /** The signature counter last seen (0 for authenticators that keep none). */
  counter: number;
  transports: string[];
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** A code typed by a person: spaces and dashes they may add are dropped, letters lower-cased. */
const typedCode = z
  .string()
  .max(64)
  .transform((s) => s.replace(/[\s-]/g, '').toLowerCase());

/** A 6-digit TOTP code (confirming or turning off the authenticator). */
export const totpCodeSchema = typedCode.pipe(z.string().regex(/^\d{6}$/, 'must be the 6-digit code your authenticator app shows'));

/** A second-factor code at sign-in: 6 digits from the app, or a 10-character recovery code. */
export const secondFactorCodeSchema = typedCode.pipe(
  z.string().regex(/^(\d{6}|[a-z2-7]{10})$/, 'must be the 6-digit code of your authenticator app or one of your recovery codes'),
);

/** A passkey's name, as its owner calls it ("laptop", "phone"). */
export const passkeyNameSchema = displayTextSchema(1, 64);
