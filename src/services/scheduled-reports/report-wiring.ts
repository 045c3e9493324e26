import type { Clock } from '../../domain/clock.js';
import type { ServiceEvents } from '../../domain/events/service-events.js';
import type { Repositories } from '../../storage/repositories.js';
import type { AnalyticsService } from '../analytics/analytics-service.js';
import type { LinkService } from '../link-service.js';
import type { Mailer } from '../mail/mailer.js';
import { REPORT_LEASE_MS, ReportSender } from './report-sender.js';
import { ScheduledReportService } from './report-service.js';

/**
 * The scheduled reports' service and sender, and their one listener: a link deleted (by any surface)
 * takes the reports scoped to it along (the sender also drops one whose link it no longer finds).
 */
export function scheduledReports(d: {
  repos: Repositories;
  analytics: AnalyticsService;
  links: LinkService;
  mailer: Mailer;
  clock: Clock;
  events: ServiceEvents;
  publicUrl: string;
  log: { warn(obj: object, msg?: string): void };
  /** Whether a workspace's reports may go out now (not suspended, not being deleted). */
  open: (workspaceId: string) => boolean;
}): { scheduledReports: ScheduledReportService; reportSender: ReportSender } {
  const reportSender = new ReportSender(d.repos, d.analytics, d.mailer, d.clock, d.events, d.publicUrl, d.log, REPORT_LEASE_MS, d.open);
  d.events.subscribe((e) => {
    if (e.kind !== 'workspace' || e.action !== 'link.deleted') return;
    d.repos.scheduledReports
      .deleteForLink(e.workspaceId, e.targetId)
      .catch((err: unknown) => d.log.warn({ err }, 'removing the reports of a deleted link failed'));
  });
  return { scheduledReports: new ScheduledReportService(d.repos, d.links, reportSender, d.mailer, d.clock, d.events), reportSender };
}
