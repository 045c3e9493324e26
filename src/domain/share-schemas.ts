import { ACTOR_TYPES } from './caller.js';
import { prefixedIdSchema } from './ids.js';
import { nextCursorSchema, timeSchema } from './link-outputs.js';
import { CURSOR_FORM, expiresAtSchema, hostSchema, intParam, linkIdParamSchema, tagNameSchema } from './link-schemas.js';
import { z } from './zod.js';

/** Shared read-only analytics (docs/adr/0215): what a workspace may publish, and how it is asked for. */
export const SHARES_MAX = 100;
export const SHARE_PAGE_DEFAULT = 20;

/** POST /v1/analytics/shares, createAnalyticsShare: at most one of link_id, tag, domain (none: the whole workspace). */
export const createShareSchema = z
  .strictObject({
    link_id: linkIdParamSchema.nullish(),
    tag: tagNameSchema.nullish(),
    domain: hostSchema.nullish(),
    expires_at: expiresAtSchema.nullish(),
  })
  .superRefine((v, ctx) => {
    const set = (['link_id', 'tag', 'domain'] as const).filter((k) => v[k] !== null && v[k] !== undefined);
    if (set.length > 1) ctx.addIssue({ code: 'custom', path: [set[1]!], message: `share one of link_id, tag or domain, not ${set.join(' and ')}` });
  });
export type CreateShareInput = z.output<typeof createShareSchema>;

/** GET /v1/analytics/shares, analyticsShares: newest first. */
export const listSharesSchema = z.strictObject({
  limit: intParam(1, SHARES_MAX, SHARE_PAGE_DEFAULT)
    .nullish()
    .transform((v) => v ?? SHARE_PAGE_DEFAULT),
  cursor: z.string().min(1, 'must not be empty (leave it out for the first page)').meta(CURSOR_FORM).nullish(),
});

/** A share as returned: its public URL only when it is made (the token is kept hashed, like an API key). */
export const analyticsShareSchema = z.object({
  id: prefixedIdSchema('shr'),
  url: z.url().nullable(),
  link_id: prefixedIdSchema('lnk').nullable(),
  tag: z.string().nullable(),
  domain: z.string().nullable(),
  expires_at: timeSchema.nullable(),
  created_at: timeSchema,
  created_by: z.object({ type: z.enum(ACTOR_TYPES), id: z.string(), label: z.string() }),
});
export const analyticsShareListSchema = z.object({
  data: z.array(analyticsShareSchema).max(SHARES_MAX),
  next_cursor: nextCursorSchema,
});
