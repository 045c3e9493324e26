import { AUDIT_ACTION_NAMES, TARGET_TYPES } from './audit.js';
import { ACTOR_TYPES } from './caller.js';
import { prefixedIdSchema } from './ids.js';
import { timeSchema } from './link-outputs.js';
import { CURSOR_FORM, intParam } from './link-schemas.js';
import { z } from './zod.js';

export const AUDIT_LIMIT_DEFAULT = 50;
export const AUDIT_LIMIT_MAX = 100;

const BOUND = 'must be an ISO date (YYYY-MM-DD) or date-time with an offset';
const boundSchema = z.union([z.iso.date({ error: BOUND }), z.iso.datetime({ offset: true, error: BOUND })], { error: BOUND });

const idFilter = (max: number) => z.string().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

/** GET /v1/audit-log and auditLog(...): filters combine with AND; newest first. */
export const auditQuerySchema = z.strictObject({
  action: z.enum(AUDIT_ACTION_NAMES).meta({ description: 'Only entries of this action, e.g. link.created.' }).nullish(),
  actor_id: idFilter(128).meta({ description: 'Only entries by this actor: a usr_ or key_ id, "cli" or "system".' }).nullish(),
  target_id: idFilter(256).meta({ description: 'Only entries about this target: a link, key, webhook, user or invite id, a tag name, a host.' }).nullish(),
  from: boundSchema.meta({ description: 'Entries at or after this instant; a date means its midnight UTC.' }).nullish(),
  to: boundSchema.meta({ description: 'Entries before this instant; a date includes that whole UTC day.' }).nullish(),
  limit: intParam(1, AUDIT_LIMIT_MAX, AUDIT_LIMIT_DEFAULT)
    .nullish()
    .transform((v) => v ?? AUDIT_LIMIT_DEFAULT),
  // Any string: a malformed one is the service's invalid_cursor.
  cursor: z.string().meta(CURSOR_FORM).nullish(),
});
export type AuditQueryInput = z.output<typeof auditQuerySchema>;

/** The REST query: the same, and `format=csv` (every matching entry, streamed as text/csv). */
export const auditRestQuerySchema = auditQuerySchema.extend({ format: z.enum(['json', 'csv']).nullish() });

export const auditEntrySchema = z.object({
  id: prefixedIdSchema('aud'),
  at: timeSchema,
  actor: z.object({ type: z.enum(ACTOR_TYPES), id: z.string(), label: z.string() }),
  action: z.enum(AUDIT_ACTION_NAMES),
  target: z.object({ type: z.enum(TARGET_TYPES), id: z.string() }),
  request_id: z.string().nullable(),
});

export const auditPageSchema = z.object({ data: z.array(auditEntrySchema), next_cursor: z.string().nullable() });
