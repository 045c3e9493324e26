import { isoDate } from '../../domain/scheduled-reports/schedule.js';
import { REPORT_FREQUENCIES, REPORT_RECIPIENTS_MAX, SCHEDULED_REPORTS_MAX } from '../../domain/scheduled-reports/schemas.js';
import { FIELD_LIMITS } from '../../limits/field-limits.js';
import type { ReportPage } from '../../services/scheduled-reports/report-service.js';
import type { ScheduledReport } from '../../storage/scheduled-reports/repository.js';
import { builder } from '../builder.js';
import { inputOf } from '../context.js';
import { DateTimeScalar } from './scalars.js';

/** Scheduled analytics reports by email (docs/adr/0219): analytics:read to read, links:write to change and send. */

const ReportFrequencyEnum = builder.enumType('ReportFrequency', {
  values: REPORT_FREQUENCIES,
  description: 'weekly: Monday 08:00 in the report’s zone, for the Monday–Sunday before; monthly: the 1st 08:00, for the calendar month before.',
});

type Shown = ScheduledReport & { emailEnabled: boolean };

export const ScheduledReportType = builder.objectRef<Shown>('ScheduledReport').implement({
  description: 'An analytics report emailed to members of the workspace on a schedule.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Opaque id, e.g. rpt_4Gd8kLm2Qx7Rt1Vb9Nc3.' }),
    frequency: t.field({ type: ReportFrequencyEnum, resolve: (r) => r.frequency }),
    timezone: t.exposeString('timezone', { description: 'IANA zone the schedule and the period’s days are read in.' }),
    link_id: t.string({ nullable: true, description: 'Only this link’s clicks; null unless scoped to a link.', resolve: (r) => r.scope.linkId }),
    tag: t.string({ nullable: true, description: 'Only the clicks of links with this tag.', resolve: (r) => r.scope.tag }),
    domain: t.string({ nullable: true, description: 'Only the clicks of links on this domain.', resolve: (r) => r.scope.domain }),
    recipients: t.stringList({
      description: 'User ids of the members it goes to (one removed from the workspace no longer receives it).',
      extensions: { maxItems: REPORT_RECIPIENTS_MAX },
      resolve: (r) => r.recipients,
    }),
    next_run_at: t.field({ type: DateTimeScalar, resolve: (r) => r.nextRunAt }),
    last_sent_at: t.field({ type: DateTimeScalar, nullable: true, resolve: (r) => r.lastSentAt }),
    created_at: t.field({ type: DateTimeScalar, resolve: (r) => r.createdAt }),
    email_enabled: t.exposeBoolean('emailEnabled', { description: 'False when the server has no SMTP server (LSK_SMTP_URL): reports are kept, none is sent.' }),
  }),
});

const ScheduledReportPageType = builder.objectRef<{ page: ReportPage; emailEnabled: boolean }>('ScheduledReportPage').implement({
  description: 'One page of the workspace’s reports, oldest first.',
  fields: (t) => ({
    data: t.field({
      type: [ScheduledReportType],
      extensions: { maxItems: SCHEDULED_REPORTS_MAX },
      resolve: (p) => p.page.data.map((r) => ({ ...r, emailEnabled: p.emailEnabled })),
    }),
    next_cursor: t.string({ nullable: true, description: 'Pass as `cursor` for the next page; null on the last page.', resolve: (p) => p.page.nextCursor }),
  }),
});

const ScheduledReportSentType = builder.objectRef<{ id: string; recipients: number; from: string; to: string }>('ScheduledReportSent').implement({
  description: 'A report sent now: the period it covered and how many members it went to.',
  fields: (t) => ({
    id: t.exposeID('id'),
    recipients: t.exposeInt('recipients', { description: 'Members it went to (0: none of its recipients is a member any more).' }),
    period_from: t.exposeString('from', { description: 'First day of the period (in the report’s zone).' }),
    period_to: t.exposeString('to', { description: 'Last day of the period, included.' }),
  }),
});

const scopeArgs = builder.args((t) => ({
  link_id: t.string({ description: 'Only this link (lnk_…); null: no link scope. At most one of link_id, tag and domain.' }),
  tag: t.string({ description: 'Only links with this tag.' }),
  domain: t.string({ description: 'Only links on this domain.' }),
  timezone: t.string({ description: 'IANA zone, default UTC.' }),
}));
const recipientsArg = `Member user ids (usr_…) or members’ emails, 1 to ${REPORT_RECIPIENTS_MAX}; anyone else is refused.`;

builder.queryFields((t) => ({
  analyticsReports: t.withAuth({ scope: 'analytics:read' }).field({
    type: ScheduledReportPageType,
    description: `Scheduled analytics reports of your workspace, oldest first (at most ${SCHEDULED_REPORTS_MAX}).`,
    args: {
      limit: t.arg.int({ description: `1 to ${SCHEDULED_REPORTS_MAX}, default ${SCHEDULED_REPORTS_MAX}.` }),
      cursor: t.arg.string({ description: 'next_cursor of the previous page.' }),
    },
    resolve: async (_r, args, ctx) => ({
      page: await ctx.services.scheduledReports.list(ctx.caller, args),
      emailEnabled: ctx.services.scheduledReports.emailEnabled,
    }),
  }),
  analyticsReport: t.withAuth({ scope: 'analytics:read' }).field({
    type: ScheduledReportType,
    description: 'One scheduled analytics report of your workspace.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => ({
      ...(await ctx.services.scheduledReports.get(ctx.caller, args.id)),
      emailEnabled: ctx.services.scheduledReports.emailEnabled,
    }),
  }),
}));

const shown = (r: ScheduledReport, enabled: boolean): Shown => ({ ...r, emailEnabled: enabled });

builder.mutationFields((t) => ({
  createAnalyticsReport: t.withAuth({ scope: 'links:write' }).field({
    nullable: true,
    type: ScheduledReportType,
    description: `Schedule an analytics report by email (at most ${SCHEDULED_REPORTS_MAX} per workspace).`,
    args: {
      frequency: t.arg({ type: ReportFrequencyEnum, required: true }),
      ...scopeArgs,
      recipients: t.arg.stringList({ required: true, description: recipientsArg }),
    },
    resolve: async (_r, args, ctx) => {
      return shown(await ctx.services.scheduledReports.create(ctx.caller, inputOf(ctx, args)), ctx.services.scheduledReports.emailEnabled);
    },
  }),
  updateAnalyticsReport: t.withAuth({ scope: 'links:write' }).field({
    nullable: true,
    type: ScheduledReportType,
    description: 'Change a report’s frequency, zone, scope or recipients (a new frequency or zone moves its next run).',
    args: {
      id: t.arg.id({ required: true }),
      frequency: t.arg({ type: ReportFrequencyEnum }),
      ...scopeArgs,
      recipients: t.arg.stringList({ description: recipientsArg }),
    },
    resolve: async (_r, { id, ...rest }, ctx) => {
      return shown(await ctx.services.scheduledReports.update(ctx.caller, id, inputOf(ctx, rest)), ctx.services.scheduledReports.emailEnabled);
    },
  }),
  deleteAnalyticsReport: t.withAuth({ scope: 'links:write' }).boolean({
    nullable: true,
    description: 'Delete a scheduled report.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => {
      await ctx.services.scheduledReports.delete(ctx.caller, args.id);
      return true;
    },
  }),
  sendAnalyticsReport: t.withAuth({ scope: 'links:write' }).field({
    nullable: true,
    type: ScheduledReportSentType,
    description: `Send a report now, for its latest complete period (a preview; the schedule is unchanged). ${FIELD_LIMITS.sendReport.max} a minute per workspace; 503 unavailable when the server has no SMTP.`,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx, info) => {
      await ctx.services.fieldLimit(ctx, info, {}, FIELD_LIMITS.sendReport);
      const { period, recipients } = await ctx.services.scheduledReports.sendNow(ctx.caller, args.id);
      return { id: args.id, recipients, from: isoDate(period.from), to: isoDate(period.to) };
    },
  }),
}));
