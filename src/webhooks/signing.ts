import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { WebhookSecret } from '../storage/webhooks/repository.js';

/** A new endpoint secret: `whsec_` + base64 of 32 random bytes (Standard Webhooks). */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The secrets that sign at `now`: the current one, and a rotated-out one for its 24 h overlap. */
export function signingSecrets(secrets: readonly WebhookSecret[], now: Date): string[] {
  return secrets.filter((s) => s.expiresAt === null || s.expiresAt > now).map((s) => s.secret);
}

/** The Standard Webhooks headers of one attempt (signed by the reference library; one signature per live secret). */
export function signedHeaders(messageId: string, at: Date, body: string, secrets: readonly string[]): Record<string, string> {
  const signature = secrets.map((s) => new Webhook(s).sign(messageId, at, body)).join(' ');
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signature,
  };
}
