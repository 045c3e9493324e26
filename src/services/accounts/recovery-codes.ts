import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * Recovery codes: 10 random characters of a-z and 2-7 (50 bits), shown as `abcde-fghij`, once. Only
 * a SHA-256 salted with the user's id is kept; each code works once (a one-time record per hash).
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const c = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${c.slice(0, 5)}-${c.slice(5)}`;
  });
}

/** The stored form of a code (as typed: dashes and spaces dropped, lower case). */
export function recoveryHash(userId: string, code: string): string {
  return createHash('sha256')
    .update(`${userId}:${code.replace(/[\s-]/g, '').toLowerCase()}`)
    .digest('base64url');
}

/** The stored hash `code` matches, or null: every hash is compared in constant time (no early exit). */
export function matchRecoveryCode(hashes: readonly string[], userId: string, code: string): string | null {
  const given = Buffer.from(recoveryHash(userId, code));
  let found: string | null = null;
  for (const h of hashes) {
    const stored = Buffer.from(h);
    if (stored.length === given.length && timingSafeEqual(stored, given)) found = h;
  }
  return found;
}
