import type { ScheduledReport } from '../storage/scheduled-reports/repository.js';
import { type Command, WORKSPACE, workspaceOption } from './command.js';
import { table, when } from './output.js';

/** A report as GET /v1/analytics/reports shows it. */
const reportJson = (r: ScheduledReport, emailEnabled: boolean) => ({
  id: r.id,
  frequency: r.frequency,
  timezone: r.timezone,
  link_id: r.scope.linkId,
  tag: r.scope.tag,
  domain: r.scope.domain,
  recipients: r.recipients,
  next_run_at: r.nextRunAt.toISOString(),
  last_sent_at: r.lastSentAt?.toISOString() ?? null,
  created_at: r.createdAt.toISOString(),
  email_enabled: emailEnabled,
});
const list = (v: string | undefined) => v?.split(',').map((s) => s.trim());

/** Scheduled analytics reports by email (docs/adr/0219); named apart from abuse reports' `lsk reports list`. */
export const reportCommands: Command[] = [
  {
    name: 'email-report create',
    synopsis: '--workspace <slug> --frequency weekly|monthly --to a,b [--timezone ZONE] [--link ID | --tag NAME | --domain HOST]',
    summary: 'Schedule an analytics report by email to members of a workspace (Monday or the 1st, 08:00 in its zone).',
    details: 'Result: the report as JSON, the shape of POST /v1/analytics/reports.',
    options: {
      ...WORKSPACE,
      frequency: { value: 'weekly|monthly', help: 'weekly: the Monday–Sunday before; monthly: the calendar month before', required: true },
      to: { value: 'a,b', help: "members' emails or user ids, comma-separated (1 to 20)", required: true },
      timezone: { value: 'ZONE', help: 'IANA zone of the schedule and the days (default UTC)' },
      link: { value: 'ID', help: 'count one link only' },
      tag: { value: 'NAME', help: 'count the links with this tag only' },
      domain: { value: 'HOST', help: 'count the links on this domain only' },
    },
    usesStore: true,
    async run(ctx) {
      const { workspace, caller } = await workspaceOption(ctx);
      const services = await ctx.services();
      const o = ctx.options;
      const input = { frequency: o.frequency, timezone: o.timezone, link_id: o.link, tag: o.tag, domain: o.domain, recipients: list(o.to) };
      const r = await services.scheduledReports.create(caller, input);
      const off = services.scheduledReports.emailEnabled ? '' : ' (email is off: no LSK_SMTP_URL, nothing is sent)';
      return [
        `scheduled report ${r.id} for ${workspace.slug}, next ${r.nextRunAt.toISOString()}${off}`,
        JSON.stringify(reportJson(r, services.scheduledReports.emailEnabled)),
      ];
    },
  },
  {
    name: 'email-report list',
    synopsis: '--workspace <slug>',
    summary: "List a workspace's scheduled analytics reports, oldest first.",
    details: 'Result: {"data": [reports]} as JSON, the shape of GET /v1/analytics/reports.',
    options: WORKSPACE,
    usesStore: true,
    async run(ctx) {
      const { caller } = await workspaceOption(ctx);
      const services = await ctx.services();
      const { data } = await services.scheduledReports.list(caller);
      const scope = (r: ScheduledReport) => r.scope.linkId ?? r.scope.tag ?? r.scope.domain ?? '(workspace)';
      const rows = data.map((r) => [r.id, r.frequency, r.timezone, scope(r), String(r.recipients.length), when(r.nextRunAt), when(r.lastSentAt)]);
      const enabled = services.scheduledReports.emailEnabled;
      return [
        ...table(['ID', 'FREQUENCY', 'ZONE', 'SCOPE', 'TO', 'NEXT', 'LAST SENT'], rows),
        JSON.stringify({ data: data.map((r) => reportJson(r, enabled)) }),
      ];
    },
  },
  {
    name: 'email-report send',
    arg: '<report-id>',
    synopsis: '<report-id> --workspace <slug>',
    summary: 'Send a scheduled report now, for its latest complete period (the schedule is unchanged).',
    details: 'Needs LSK_SMTP_URL. Result: {"id", "recipients", "period_from", "period_to"} as JSON.',
    options: WORKSPACE,
    usesStore: true,
    async run(ctx) {
      const { caller } = await workspaceOption(ctx);
      const services = await ctx.services();
      const { period, recipients } = await services.scheduledReports.sendNow(caller, ctx.arg);
      const { isoDate } = await import('../domain/scheduled-reports/schedule.js');
      const result = { id: ctx.arg, recipients, period_from: isoDate(period.from), period_to: isoDate(period.to) };
      return [`sent report ${ctx.arg} to ${recipients} member(s) for ${result.period_from} to ${result.period_to}`, JSON.stringify(result)];
    },
  },
  {
    name: 'email-report delete',
    arg: '<report-id>',
    synopsis: '<report-id> --workspace <slug>',
    summary: 'Delete a scheduled analytics report.',
    details: 'Result: {"id", "deleted": true} as JSON.',
    options: WORKSPACE,
    usesStore: true,
    async run(ctx) {
      const { caller } = await workspaceOption(ctx);
      const services = await ctx.services();
      await services.scheduledReports.delete(caller, ctx.arg);
      return [`deleted report ${ctx.arg}`, JSON.stringify({ id: ctx.arg, deleted: true })];
    },
  },
];
