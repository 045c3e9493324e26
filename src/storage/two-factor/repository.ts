import type { TotpRecord } from '../../domain/second-factor.js';

/**
 * Authenticator apps (TOTP), one record per user. Each record has a single writer in practice (its
 * user's own requests), so plain upserts suffice; what must happen once (a code, a recovery code)
 * goes through the one-time records instead.
 */
export interface TwoFactorRepository {
  get(userId: string): Promise<TotpRecord | null>;
  /** Keep a secret set up but not yet confirmed (replacing an earlier unconfirmed one); an enabled secret stays as it is. */
  setPending(userId: string, secret: string, at: Date): Promise<void>;
  /** Turn TOTP on with `secret` and these recovery code hashes; the pending secret goes. */
  enable(userId: string, secret: string, recoveryHashes: readonly string[], at: Date): Promise<void>;
  /** Turn TOTP off: the record goes (secret, recovery codes, anything pending). */
  remove(userId: string): Promise<void>;
}
