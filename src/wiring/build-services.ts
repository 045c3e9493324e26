import { AbuseOperator } from '../abuse/operator.js';
import { ReportService } from '../abuse/reports.js';
import type { Config } from '../config/env.js';
import { OperationalEvents } from '../domain/events/link-events.js';
import { buildHealth, type HealthOptions } from '../health/health-wiring.js';
import { createFieldLimiter } from '../limits/field-limits.js';
import { MemoryRateLimiter } from '../limits/rate-limit.js';
import { SharedRateLimiter } from '../limits/shared-rate-limit.js';
import { registerServiceMetrics } from '../observability/service-metrics.js';
import { SharedClickCaps } from '../redirect/click-caps.js';
import { ClickRecorder } from '../redirect/click-recorder.js';
import { MmdbCity, MmdbGeo } from '../redirect/geo.js';
import { RedirectHandler } from '../redirect/redirect-handler.js';
import { AnalyticsService } from '../services/analytics/analytics-service.js';
import { ClickEventsService } from '../services/analytics/events-service.js';
import { shareServices } from '../services/analytics/share-wiring.js';
import { AuditService } from '../services/audit/audit-service.js';
import { recordOperationalEvents } from '../services/audit/operational-events.js';
import { DomainSettingsService } from '../services/domain-settings.js';
import { IdempotencyService } from '../services/idempotency.js';
import { scheduledReports } from '../services/scheduled-reports/report-wiring.js';
import { StatsService } from '../services/stats-service.js';
import { Upkeep } from '../services/upkeep.js';
import { UtmTemplateService } from '../services/utm-templates.js';
import { buildWebhooks, type WebhookOptions } from '../webhooks/wiring.js';
import type { Services } from './all-services.js';
import { buildAccounts } from './build-accounts.js';
import { buildCore, type CoreOptions, type CoreServices } from './core-wiring.js';

export interface ServiceOptions {
  webhooks?: WebhookOptions;
  health?: HealthOptions;
}

/** Open the repositories (their failures counted), run migrations / create indexes, load the signing keys, and wire the services. */
export async function buildServices(config: Config, opts: CoreOptions & ServiceOptions = {}): Promise<Services> {
  return servicesOnCore(await buildCore(config, opts), opts);
}

/** The whole graph, as the server runs it, on the services' core (core-wiring.ts): the same core services, the rest around them. */
export function servicesOnCore(core: CoreServices, opts: ServiceOptions = {}): Services {
  const { config, clock, metrics, repos, log, abuse, links, linkEvents, auditRecorder, serviceEvents: events } = core;
  // A deleted workspace's queued deliveries are not sent while its purge runs (docs/adr/0177).
  const webhooks = buildWebhooks(repos, clock, config, metrics, events, core.outbox, { gone: (ws) => abuse.gone(ws), ...opts.webhooks });
  // What abuse controls and health checks did (docs/adr/0130): the audit log records the workspaces' part.
  const operational = new OperationalEvents();
  recordOperationalEvents(operational, events);
  const health = buildHealth(
    repos,
    {
      clock,
      config,
      metrics,
      outbox: webhooks.outbox,
      events: operational,
      present: (rows) => links.withClicks(rows),
      blocked: abuse.blocklist,
      suspended: (ws) => abuse.suspended(ws),
      service: core.healthService,
    },
    opts.health,
  );
  // The one place the store decides anything: an embedded store serves one instance; a shared one
  // (MongoDB) may serve many, which then share limits and re-read what another instance may have changed.
  const { shared } = repos.capabilities;
  const geo = config.countryHeader ? null : new MmdbGeo(config.geoipDb);
  const city = config.regionHeader || config.cityHeader || !config.geoipCityDb ? null : new MmdbCity(config.geoipCityDb);
  const clicks = new ClickRecorder(repos.clicks, log, config.clickEventsDays === 0 ? { maxEvents: 0 } : {});
  // Capped links' clicks are taken from the shared store before redirecting (instances share it).
  const clickCaps = shared ? new SharedClickCaps(repos.counters) : null;
  // A cached link is trusted for ever on the embedded store (one instance: every change
  // invalidates at once), 2 s on a shared one (a change made through another instance shows).
  const cacheTtlMs = shared ? 2000 : Number.POSITIVE_INFINITY;
  // The redirect's cache-miss reads (a link, a domain's settings) go to the repositories themselves: they are the hot path's loaders.
  const redirects = new RedirectHandler(repos.links, config, geo, clicks, clock, {
    cacheTtlMs,
    totals: repos.clicks,
    // Across instances a capped link's total is re-read as often as clicks are written (README: max_clicks).
    cappedTtlMs: Number.isFinite(cacheTtlMs) ? 1000 : Infinity,
    staleMaxMs: config.staleMaxS * 1000,
    domains: repos.domains,
    stops: (link) => abuse.stops(link),
    gone: (link) => abuse.gone(link.workspaceId),
    city,
    ...(clickCaps ? { caps: clickCaps } : {}),
  });
  linkEvents.on((domain, alias) => redirects.invalidate(domain, alias));
  linkEvents.onSite((host) => redirects.invalidateSite(host));
  const accounts = buildAccounts(repos, clock, config, log, events);
  const audit = new AuditService(repos.audit, auditRecorder, events, clock, config.auditDays);
  const analytics = new AnalyticsService(repos.clicks, repos.links, links, clock);
  const reports = scheduledReports({
    repos,
    analytics,
    links,
    mailer: accounts.mailer,
    clock,
    events,
    publicUrl: config.publicUrl,
    log,
    open: (ws) => !abuse.gone(ws) && !abuse.suspended(ws),
  });
  const services: Services = {
    config,
    clock,
    metrics,
    repos,
    store: core.store,
    upkeep: new Upkeep(accounts.sessions, repos.members, clock, audit, core.workspacePurge),
    workspacePurge: core.workspacePurge,
    keyring: core.keyring,
    keys: core.keys,
    links,
    bulkLinks: core.bulkLinks,
    idempotency: new IdempotencyService(repos.idempotency, clock),
    linkEvents,
    serviceEvents: events,
    auditRecorder,
    audit,
    workspaces: core.workspaces,
    domainSettings: new DomainSettingsService(repos.domains, linkEvents, events, abuse),
    utmTemplates: new UtmTemplateService(repos.utmTemplates, clock, events),
    stats: new StatsService(repos.clicks, clock, links),
    analytics,
    ...reports,
    ...shareServices({ repos, links, analytics, clock, events, abuse, log, publicUrl: config.publicUrl, defaultDomain: config.defaultDomain }),
    clickEvents: new ClickEventsService(repos.clicks, repos.links, links, clock),
    limiter: shared ? new SharedRateLimiter(repos.counters) : new MemoryRateLimiter(),
    fieldLimit: createFieldLimiter(repos.counters),
    geo,
    city,
    clicks,
    redirects,
    ...accounts,
    directory: core.directory,
    webhooks,
    events: operational,
    abuse,
    abuseOperator: new AbuseOperator(repos, abuse, clock, operational),
    reports: new ReportService(repos, clock, operational),
    health,
  };
  services.clicks.listener = (v) => webhooks.clickEvents.offer(v);
  registerServiceMetrics({ metrics, clicks: services.clicks, audit: auditRecorder });
  return services;
}
