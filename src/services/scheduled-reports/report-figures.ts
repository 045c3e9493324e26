import { systemCaller } from '../../domain/caller.js';
import { shortUrl } from '../../domain/field-rules.js';
import { isoDate, type ReportPeriod } from '../../domain/scheduled-reports/schedule.js';
import type { LinksRepository } from '../../storage/links/repository.js';
import type { ScheduledReport } from '../../storage/scheduled-reports/repository.js';
import type { AnalyticsService } from '../analytics/analytics-service.js';
import type { ReportFigures } from './report-email.js';

/** The report's scope as analytics parameters (its single-value filters) and as the dashboard's address. */
function scopeParams(r: ScheduledReport): Record<string, string> {
  const { linkId, tag, domain } = r.scope;
  return { ...(linkId ? { link_id: linkId } : {}), ...(tag ? { tag } : {}), ...(domain ? { domain } : {}) };
}

/** The dashboard's overview of the same window, zone, scope and comparison (dashboard/src/analytics/view-state.ts). */
export function dashboardUrl(publicUrl: string, r: ScheduledReport, period: ReportPeriod): string {
  const q = new URLSearchParams({
    range: 'custom',
    from: isoDate(period.from),
    to: isoDate(period.to),
    tz: r.timezone,
    compare: 'previous',
    ...scopeParams(r),
  });
  return `${publicUrl}/dashboard/analytics?${q}`;
}

/**
 * A period's figures, read through the analytics service as lsk itself (whole workspace, no
 * restriction): three reads with `compare: previous` (countries, links, referrer sources), five rows each.
 * Null when the report's link is gone (the report goes with it).
 */
export async function readFigures(
  deps: { analytics: Pick<AnalyticsService, 'report'>; links: Pick<LinksRepository, 'get'>; publicUrl: string },
  workspace: string,
  r: ScheduledReport,
  period: ReportPeriod,
): Promise<ReportFigures | null> {
  let scopeLabel = 'all links';
  if (r.scope.linkId) {
    const link = await deps.links.get(r.workspaceId, r.scope.linkId);
    if (!link) return null;
    scopeLabel = `the link ${shortUrl(link.domain, link.alias)}`;
  } else if (r.scope.tag) scopeLabel = `the links tagged ${r.scope.tag}`;
  else if (r.scope.domain) scopeLabel = `the links on ${r.scope.domain}`;
  const caller = systemCaller(r.workspaceId, 'scheduled report');
  const base = { from: isoDate(period.from), to: isoDate(period.to), timezone: r.timezone, compare: 'previous', limit: 5, ...scopeParams(r) };
  const [countries, links, sources] = await Promise.all(
    (['countries', 'links', 'referrer_sources'] as const).map((group_by) => deps.analytics.report(caller, { ...base, group_by })),
  );
  return {
    workspace,
    scopeLabel,
    from: period.from,
    to: period.to,
    timezone: r.timezone,
    clicks: countries!.total.clicks,
    previousClicks: countries!.previous?.total.clicks ?? 0,
    links: links!.data.map((d) => ({ label: d.shortUrl ?? d.key, clicks: d.clicks })),
    sources: sources!.data.map((d) => ({ label: d.key, clicks: d.clicks })),
    countries: countries!.data.map((d) => ({ label: d.key, clicks: d.clicks })),
    dashboardUrl: dashboardUrl(deps.publicUrl, r, period),
  };
}
