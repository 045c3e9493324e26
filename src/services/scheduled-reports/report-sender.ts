import { systemCaller } from '../../domain/caller.js';
import type { Clock } from '../../domain/clock.js';
import type { ServiceEvents } from '../../domain/events/service-events.js';
import { latestDue, nextRunAfter, type ReportPeriod } from '../../domain/scheduled-reports/schedule.js';
import type { Repositories } from '../../storage/repositories.js';
import type { ScheduledReport } from '../../storage/scheduled-reports/repository.js';
import type { AnalyticsService } from '../analytics/analytics-service.js';
import type { Mailer } from '../mail/mailer.js';
import { currentAddresses } from './recipients.js';
import { reportHtml, reportSubject, reportText } from './report-email.js';
import { readFigures } from './report-figures.js';

/** A claim not ended this long after it was taken is taken again (its sender died or its send failed). */
export const REPORT_LEASE_MS = 10 * 60_000;
/** Claims of one period at most: after this many failed sends the period is given up (logged). */
export const REPORT_TAKES_MAX = 5;
/** Due reports one sweep handles at most (the next sweep takes the rest). */
export const SWEEP_BATCH = 50;

type Repos = Pick<Repositories, 'scheduledReports' | 'members' | 'users' | 'workspaces' | 'links'>;
interface SenderLog {
  warn(obj: object, msg?: string): void;
}

/** What claiming a period came to: this instance sends (take n), the period is done, or another instance holds it. */
type Claimed = { take: number } | 'done' | 'busy';

/**
 * Scheduled reports going out (docs/adr/0219). Each sweep reads the reports whose next run has come;
 * for each, the latest period due (missed ones before it are skipped) is claimed by a unique-key
 * insert of (report, period, take) before anything is sent, so of several instances one sends. The
 * claim ends once the SMTP server accepted the message; a claim left open (a crash, a failed send)
 * is taken again, take + 1, after REPORT_LEASE_MS. At least once: a crash between the server's
 * acceptance and the claim's end sends that period again after the lease.
 */
export class ReportSender {
  constructor(
    private readonly repos: Repos,
    private readonly analytics: Pick<AnalyticsService, 'report'>,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly emitted: ServiceEvents,
    private readonly publicUrl: string,
    private readonly log: SenderLog = { warn: () => {} },
    private readonly leaseMs = REPORT_LEASE_MS,
    /** Whether the workspace's data may go out now: a suspended (or deleted) workspace's periods pass unsent. */
    private readonly open: (workspaceId: string) => boolean = () => true,
  ) {}

  /** Compose and deliver one period to the recipients still members; resolves to how many it went to (0: none left, nothing sent). */
  async send(report: ScheduledReport, period: ReportPeriod): Promise<number> {
    const workspace = await this.repos.workspaces.get(report.workspaceId);
    if (!workspace || !this.open(report.workspaceId)) return 0;
    const figures = await readFigures({ analytics: this.analytics, links: this.repos.links, publicUrl: this.publicUrl }, workspace.slug, report, period);
    if (!figures) {
      await this.repos.scheduledReports.delete(report.workspaceId, report.id);
      return 0;
    }
    const to = await currentAddresses(this.repos, report.workspaceId, report.recipients);
    if (to.length === 0) return 0;
    await this.mailer.deliver({ to: to.join(', '), subject: reportSubject(figures), text: reportText(figures), html: reportHtml(figures) });
    return to.length;
  }

  /** Every due report once; resolves to how many periods this instance sent. Nothing without SMTP. */
  async sweep(): Promise<number> {
    if (!this.mailer.enabled) return 0;
    const now = this.clock.now();
    let sent = 0;
    for (const report of await this.repos.scheduledReports.due(now, SWEEP_BATCH)) {
      try {
        if (await this.runDue(report, now.getTime())) sent++;
      } catch (e) {
        this.log.warn({ report: report.id, error: (e as Error).message?.slice(0, 200) }, 'scheduled report not sent');
      }
    }
    return sent;
  }

  private async runDue(report: ScheduledReport, now: number): Promise<boolean> {
    const store = this.repos.scheduledReports;
    const period = latestDue(report.frequency, report.timezone, now);
    const nextRunAt = new Date(nextRunAfter(report.frequency, report.timezone, now));
    const claimed = await this.claim(report, period.key, now);
    if (claimed === 'busy') return false;
    if (claimed === 'done') {
      await store.update(report.workspaceId, report.id, { nextRunAt });
      return false;
    }
    // A failed send throws here: the claim stays open and is taken again after the lease.
    const recipients = await this.send(report, period);
    await store.endClaim(report.id, period.key, claimed.take, this.clock.now());
    await store.update(report.workspaceId, report.id, { nextRunAt, ...(recipients > 0 ? { lastSentAt: this.clock.now() } : {}) });
    if (recipients > 0) this.emitted.emit(systemCaller(report.workspaceId), 'analytics_report.sent', report.id);
    return recipients > 0;
  }

  /** The next take of the period when no claim of it is ended or live; every instance computes the same take, one insert wins. */
  private async claim(report: ScheduledReport, period: string, now: number): Promise<Claimed> {
    const store = this.repos.scheduledReports;
    const claims = await store.claims(report.id, period);
    if (claims.some((c) => c.endedAt !== null)) return 'done';
    const last = claims.at(-1);
    if (last && last.claimedAt.getTime() + this.leaseMs > now) return 'busy';
    const take = last ? last.take + 1 : 0;
    if (take >= REPORT_TAKES_MAX) {
      this.log.warn({ report: report.id, period }, `scheduled report given up after ${REPORT_TAKES_MAX} failed sends`);
      await store.endClaim(report.id, period, last!.take, new Date(now));
      return 'done';
    }
    const won = await store.claim({ reportId: report.id, period, take, workspaceId: report.workspaceId, claimedAt: new Date(now), endedAt: null });
    return won ? { take } : 'busy';
  }
}
