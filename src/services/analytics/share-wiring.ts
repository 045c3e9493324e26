import type { Abuse } from '../../abuse/abuse.js';
import type { Clock } from '../../domain/clock.js';
import type { ServiceEvents } from '../../domain/events/service-events.js';
import type { Repositories } from '../../storage/repositories.js';
import type { LinkService } from '../link-service.js';
import type { AnalyticsService } from './analytics-service.js';
import { SharedAnalyticsService } from './shared-report.js';
import { AnalyticsShareService } from './shares.js';

export interface ShareWiring {
  repos: Repositories;
  links: LinkService;
  analytics: AnalyticsService;
  clock: Clock;
  events: ServiceEvents;
  abuse: Abuse;
  log: { error: (o: object, msg: string) => void };
  publicUrl: string;
  defaultDomain: string;
}

/** The share services (docs/adr/0215); a deleted link's shares are deleted after it, off the request path. */
export function shareServices(w: ShareWiring) {
  const { repos, clock, events } = w;
  const analyticsShares = new AnalyticsShareService(repos.analyticsShares, w.links, repos.tags, repos.domains, clock, events, {
    dashboardUrl: `${w.publicUrl}/dashboard`,
    defaultDomain: w.defaultDomain,
  });
  events.subscribe((e) => {
    if (e.kind !== 'workspace' || e.action !== 'link.deleted') return;
    analyticsShares.forgetLink(e.workspaceId, e.targetId).catch((err: unknown) => w.log.error({ err }, "a deleted link's analytics shares were not deleted"));
  });
  const open = (workspaceId: string) => !w.abuse.gone(workspaceId) && !w.abuse.suspended(workspaceId);
  const sharedAnalytics = new SharedAnalyticsService(repos.analyticsShares, repos.links, repos.workspaces, w.analytics, clock, open);
  return { analyticsShares, sharedAnalytics };
}
