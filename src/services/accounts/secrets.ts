import { createHash, randomBytes } from 'node:crypto';

/** A random 256-bit secret for a cookie or a one-time link (base64url, 43 characters). */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** How secrets are stored: only their SHA-256 (a stolen table grants nothing). */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('base64url');
