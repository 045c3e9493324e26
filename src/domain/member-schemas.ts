import { emailSchema, roleSchema } from './accounts.js';
import { prefixedIdSchema } from './ids.js';
import { timeSchema } from './link-outputs.js';
import { visibleTextSchema } from './text.js';
import { z } from './zod.js';

/** PATCH /v1/members/{user_id}. */
export const updateMemberSchema = z.strictObject({ role: roleSchema });

/** POST /v1/invites. */
export const createInviteSchema = z.strictObject({ email: emailSchema, role: roleSchema });

/** What the API returns about members and invites. */
export const memberSchema = z.object({
  user_id: prefixedIdSchema('usr'),
  email: z.string(),
  name: visibleTextSchema(1, 100),
  role: roleSchema,
  created_at: timeSchema,
});
export const memberListSchema = z.object({ data: z.array(memberSchema) });

export const inviteSchema = z.object({
  id: prefixedIdSchema('inv'),
  email: z.string(),
  role: roleSchema,
  created_at: timeSchema,
  expires_at: timeSchema,
});
export const inviteListSchema = z.object({ data: z.array(inviteSchema) });
export const createdInviteSchema = inviteSchema.extend({ url: z.url() });
