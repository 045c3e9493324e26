import { timezoneSchema } from '../analytics-schemas.js';
import { prefixedIdSchema } from '../ids.js';
import { CURSOR_FORM, hostSchema, intParam, tagNameSchema } from '../link-schemas.js';
import { z } from '../zod.js';

/** Scheduled analytics reports by email (docs/adr/0219). */
export const REPORT_FREQUENCIES = ['weekly', 'monthly'] as const;
export const SCHEDULED_REPORTS_MAX = 20;
export const REPORT_RECIPIENTS_MAX = 20;

/** A member's user id (usr_…) or the email of a member. */
const recipientSchema = z.string().trim().min(1, 'must not be empty').max(254, 'must be at most 254 characters');
const recipientsSchema = z
  .array(recipientSchema)
  .min(1, 'must list at least one member')
  .max(REPORT_RECIPIENTS_MAX, `must list at most ${REPORT_RECIPIENTS_MAX} members`);
const linkRefSchema = prefixedIdSchema('lnk');

const scopeFields = {
  link_id: linkRefSchema.nullish(),
  tag: tagNameSchema.nullish(),
  domain: hostSchema.nullish(),
};

const oneScope = (v: { link_id?: string | null; tag?: string | null; domain?: string | null }, ctx: z.RefinementCtx) => {
  const set = (['link_id', 'tag', 'domain'] as const).filter((k) => v[k] !== undefined && v[k] !== null);
  if (set.length > 1) ctx.addIssue({ code: 'custom', path: [set[1]!], message: `only one of link_id, tag and domain may be set (${set.join(', ')} are)` });
};

/** POST /v1/analytics/reports, createAnalyticsReport. */
export const createReportSchema = z
  .strictObject({
    frequency: z.enum(REPORT_FREQUENCIES),
    timezone: timezoneSchema.nullish(),
    ...scopeFields,
    recipients: recipientsSchema,
  })
  .superRefine(oneScope);
export type CreateReportInput = z.output<typeof createReportSchema>;

/** PATCH /v1/analytics/reports/{id}: any subset; null clears a scope (the whole workspace). */
export const updateReportSchema = z
  .strictObject({
    frequency: z.enum(REPORT_FREQUENCIES).optional(),
    timezone: timezoneSchema.optional(),
    ...scopeFields,
    recipients: recipientsSchema.optional(),
  })
  .superRefine(oneScope);
export type UpdateReportInput = z.output<typeof updateReportSchema>;

const dateTime = z.iso.datetime({ precision: 3 });

/** A report as returned. */
export const reportOutputSchema = z.object({
  id: prefixedIdSchema('rpt'),
  frequency: z.enum(REPORT_FREQUENCIES),
  timezone: z.string(),
  link_id: z.string().nullable(),
  tag: z.string().nullable(),
  domain: z.string().nullable(),
  recipients: z.array(z.string()).max(REPORT_RECIPIENTS_MAX),
  next_run_at: dateTime,
  last_sent_at: dateTime.nullable(),
  created_at: dateTime,
  email_enabled: z.boolean().meta({ description: 'False when the server has no SMTP server (LSK_SMTP_URL): reports are kept, none is sent.' }),
});
export const reportPageSchema = z.object({ data: z.array(reportOutputSchema).max(SCHEDULED_REPORTS_MAX), next_cursor: z.string().nullable() });
export const reportSentSchema = z.object({ id: prefixedIdSchema('rpt'), recipients: z.number().int().min(0), period_from: z.string(), period_to: z.string() });

/** GET /v1/analytics/reports: one page (a workspace keeps at most 20, so one page holds them all by default). */
export const listReportsSchema = z.strictObject({
  limit: intParam(1, SCHEDULED_REPORTS_MAX, SCHEDULED_REPORTS_MAX).nullish(),
  cursor: z.string().min(1, 'must not be empty (leave it out for the first page)').meta(CURSOR_FORM).nullish(),
});
