import { passwordSchema, userNameSchema } from '../../domain/accounts.js';
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
