import { createHash } from 'node:crypto';
import { randomBase62 } from './ids.js';

/** 24 base62 characters: 142 bits from the CSPRNG. */
export const SHARE_TOKEN_LENGTH = 24;
const TOKEN_FORM = /^[0-9A-Za-z]{24}$/;

export function newShareToken(): string {
  return randomBase62(SHARE_TOKEN_LENGTH);
}

/** Whether a string can be a token at all (anything else is not looked up). */
export function isShareTokenForm(token: string): boolean {
  return TOKEN_FORM.test(token);
}

/** What the store keeps of a token: its SHA-256 (a leaked store or backup opens no share). */
export function shareTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The public page of a token: <base>/share/<token>. */
export function shareUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/share/${token}`;
}
