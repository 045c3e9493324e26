import { canonicalZone } from '../../domain/analytics/time-zone.js';
import type { Caller } from '../../domain/caller.js';
import type { Clock } from '../../domain/clock.js';
import { decodeCursor, encodeCursor } from '../../domain/cursor.js';
import { LskError } from '../../domain/errors.js';
import type { ServiceEvents } from '../../domain/events/service-events.js';
import { newId } from '../../domain/ids.js';
import { latestDue, nextRunAfter, type ReportPeriod } from '../../domain/scheduled-reports/schedule.js';
import { createReportSchema, SCHEDULED_REPORTS_MAX, updateReportSchema } from '../../domain/scheduled-reports/schemas.js';
import { parseOrThrow } from '../../domain/validate.js';
import type { Repositories } from '../../storage/repositories.js';
import type { ReportScope, ScheduledReport } from '../../storage/scheduled-reports/repository.js';
import type { LinkService } from '../link-service.js';
import type { Mailer } from '../mail/mailer.js';
import { memberRecipients } from './recipients.js';
import type { ReportSender } from './report-sender.js';

export interface ReportPage {
  data: ScheduledReport[];
  nextCursor: string | null;
}

type Repos = Pick<Repositories, 'scheduledReports' | 'members' | 'users'>;

const scopeOf = (q: { link_id?: string | null; tag?: string | null; domain?: string | null }, current?: ReportScope): ReportScope => {
  const given = q.link_id !== undefined || q.tag !== undefined || q.domain !== undefined;
  if (!given && current) return current;
  return { linkId: q.link_id ?? null, tag: q.tag ?? null, domain: q.domain ?? null };
};

/**
 * Scheduled analytics reports of a workspace (docs/adr/0219): read with analytics:read, changed with
 * links:write (the members who write links are the marketing team that wants them). At most 20 per
 * workspace, 20 recipients each, members only. A restricted key (docs/adr/0121) cannot make one: a
 * report reads the whole workspace's analytics when it is sent.
 */
export class ScheduledReportService {
  constructor(
    private readonly repos: Repos,
    private readonly links: Pick<LinkService, 'get'>,
    private readonly sender: Pick<ReportSender, 'send'>,
    private readonly mailer: Pick<Mailer, 'enabled'>,
    private readonly clock: Clock,
    private readonly emitted: ServiceEvents,
  ) {}

  /** False when no SMTP server is configured: reports are kept and listed, none is sent. */
  get emailEnabled(): boolean {
    return this.mailer.enabled;
  }

  async list(caller: Caller, q: { limit?: number | null; cursor?: string | null } = {}): Promise<ReportPage> {
    const limit = Math.min(Math.max(q.limit ?? SCHEDULED_REPORTS_MAX, 1), SCHEDULED_REPORTS_MAX);
    const after = q.cursor ? decodeCursor(q.cursor) : undefined;
    const rows = await this.repos.scheduledReports.list(caller.workspaceId, limit + 1, after);
    const data = rows.slice(0, limit);
    const last = data.at(-1);
    return { data, nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null };
  }

  async get(caller: Caller, id: string): Promise<ScheduledReport> {
    const r = await this.repos.scheduledReports.get(caller.workspaceId, id);
    if (!r) throw LskError.notFound('Report');
    return r;
  }

  async create(caller: Caller, raw: unknown): Promise<ScheduledReport> {
    this.unrestricted(caller);
    const q = parseOrThrow(createReportSchema, raw);
    const scope = await this.checkedScope(caller, scopeOf(q));
    const recipients = await memberRecipients(this.repos, caller.workspaceId, q.recipients);
    if ((await this.repos.scheduledReports.count(caller.workspaceId)) >= SCHEDULED_REPORTS_MAX) {
      throw LskError.validation([{ path: '(body)', message: `a workspace keeps at most ${SCHEDULED_REPORTS_MAX} reports` }]);
    }
    const now = this.clock.now();
    const timezone = canonicalZone(q.timezone ?? 'UTC')!;
    const report: ScheduledReport = {
      id: newId('rpt'),
      workspaceId: caller.workspaceId,
      frequency: q.frequency,
      timezone,
      scope,
      recipients,
      nextRunAt: new Date(nextRunAfter(q.frequency, timezone, now.getTime())),
      lastSentAt: null,
      createdAt: now,
    };
    await this.repos.scheduledReports.insert(report);
    this.emitted.emit(caller, 'analytics_report.created', report.id);
    return report;
  }

  async update(caller: Caller, id: string, raw: unknown): Promise<ScheduledReport> {
    this.unrestricted(caller);
    const q = parseOrThrow(updateReportSchema, raw);
    const current = await this.get(caller, id);
    const frequency = q.frequency ?? current.frequency;
    const timezone = q.timezone ? canonicalZone(q.timezone)! : current.timezone;
    const scope = await this.checkedScope(caller, scopeOf(q, current.scope));
    const recipients = q.recipients ? await memberRecipients(this.repos, caller.workspaceId, q.recipients) : current.recipients;
    const moved = frequency !== current.frequency || timezone !== current.timezone;
    const patch = {
      frequency,
      timezone,
      scope,
      recipients,
      ...(moved ? { nextRunAt: new Date(nextRunAfter(frequency, timezone, this.clock.now().getTime())) } : {}),
    };
    const r = await this.repos.scheduledReports.update(caller.workspaceId, id, patch);
    if (!r) throw LskError.notFound('Report');
    this.emitted.emit(caller, 'analytics_report.updated', id);
    return r;
  }

  async delete(caller: Caller, id: string): Promise<void> {
    if (!(await this.repos.scheduledReports.delete(caller.workspaceId, id))) throw LskError.notFound('Report');
    this.emitted.emit(caller, 'analytics_report.deleted', id);
  }

  /** Send the latest complete period now, to the recipients still members (a preview: the schedule is unchanged). */
  async sendNow(caller: Caller, id: string): Promise<{ report: ScheduledReport; period: ReportPeriod; recipients: number }> {
    this.unrestricted(caller);
    const report = await this.get(caller, id);
    if (!this.mailer.enabled) throw new LskError('unavailable', 'Email is off on this server (no LSK_SMTP_URL): reports are kept but none is sent.');
    const period = latestDue(report.frequency, report.timezone, this.clock.now().getTime());
    const recipients = await this.sender.send(report, period);
    this.emitted.emit(caller, 'analytics_report.sent', id);
    return { report, period, recipients };
  }

  private unrestricted(caller: Caller): void {
    if (caller.restriction) throw new LskError('forbidden', 'A restricted API key cannot schedule or send reports: a report reads the whole workspace.');
  }

  /** A link scope must name a link of the workspace (404 otherwise, as analytics answers). */
  private async checkedScope(caller: Caller, scope: ReportScope): Promise<ReportScope> {
    if (scope.linkId) await this.links.get(caller, scope.linkId);
    return scope;
  }
}
