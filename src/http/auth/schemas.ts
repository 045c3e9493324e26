import { emailSchema, passwordSchema, userNameSchema } from '../../domain/accounts.js';
import { authenticationResponseSchema } from '../../domain/passkey-schemas.js';
import { secondFactorCodeSchema, totpCodeSchema } from '../../domain/second-factor.js';
import { z } from '../../domain/zod.js';

/** POST /auth/sign-in. Any email and password of sane length: wrong ones are 401, never a hint which. */
export const signInSchema = z.strictObject({ email: z.string().max(320), password: z.string().max(1024) });

/** POST /auth/password: a password-set link's token, or the current password (signed in). */
export const passwordChangeSchema = z.union([
  z.strictObject({ token: z.string().min(1).max(256), new_password: passwordSchema }),
  z.strictObject({ current_password: z.string().max(1024), new_password: passwordSchema }),
]);

/** POST /auth/invites/{token}/accept: nothing when signed in; a name and a password to create the account. */
export const acceptInviteSchema = z.strictObject({ name: userNameSchema, password: passwordSchema }).partial();

/** POST /auth/password-reset. */
export const passwordResetSchema = z.strictObject({ email: emailSchema });

const challengeSchema = z.string().min(1).max(256);

/** POST /auth/sign-in/verify: the challenge of the first step and a code, or a passkey's answer. */
export const verifySignInSchema = z
  .strictObject({ challenge: challengeSchema, code: secondFactorCodeSchema.optional(), passkey: authenticationResponseSchema.optional() })
  .refine((b) => (b.code === undefined) !== (b.passkey === undefined), { path: ['code'], message: 'is required (or a passkey answer instead, not both)' });

/** POST /auth/sign-in/passkey-options. */
export const challengeOnlySchema = z.strictObject({ challenge: challengeSchema });

/** POST /auth/2fa/enable. */
export const enableTotpSchema = z.strictObject({ code: totpCodeSchema });

/** POST /auth/2fa/disable: a code from the app, or a recovery code. */
export const disableTotpSchema = z.strictObject({ code: secondFactorCodeSchema });

/** POST /auth/passkeys/sign-in. */
export const passkeySignInSchema = z.strictObject({ response: authenticationResponseSchema });
