import { Abuse } from '../abuse/abuse.js';
import { AbuseOperator } from '../abuse/operator.js';
import { ReportService } from '../abuse/reports.js';
import { ApiKeyService } from '../auth/api-keys.js';
import { Keyring } from '../auth/keyring.js';
import type { Config } from '../config/env.js';
import { type Clock, OffsetFileClock, systemClock } from '../domain/clock.js';
import { setPasswordCost, setPasswordWarnings } from '../domain/passwords.js';
import { buildHealth, type HealthOptions } from '../health/build.js';
import { createFieldLimiter } from '../limits/field-limits.js';
import { MemoryRateLimiter } from '../limits/rate-limit.js';
import { SharedRateLimiter } from '../limits/shared-rate-limit.js';
import { Metrics } from '../observability/metrics.js';
import { registerServiceMetrics } from '../observability/service-metrics.js';
import { countStoreErrors } from '../observability/store-errors.js';
import { SharedClickCaps } from '../redirect/click-caps.js';
import { ClickRecorder } from '../redirect/click-recorder.js';
import { MmdbCity, MmdbGeo } from '../redirect/geo.js';
import { RedirectHandler } from '../redirect/redirect-handler.js';
import { openRepositories } from '../storage/open.js';
import type { Repositories } from '../storage/repositories.js';
import { buildWebhooks, type WebhookOptions } from '../webhooks/wiring.js';
import { buildAccounts } from './accounts/build-accounts.js';
import { Directory } from './accounts/directory.js';
import type { Services } from './all-services.js';
import { AnalyticsService } from './analytics/analytics-service.js';
import { ClickEventsService } from './analytics/events-service.js';
import { shareServices } from './analytics/share-wiring.js';
import { type AuditLogger, AuditRecorder } from './audit/audit-recorder.js';
import { AuditService } from './audit/audit-service.js';
import { recordOperationalEvents } from './audit/operational-events.js';
import { BulkLinkService } from './bulk-links.js';
import { DomainSettingsService } from './domain-settings.js';
import { ServiceEvents } from './events.js';
import { IdempotencyService } from './idempotency.js';
import { LinkEvents, ServiceEvents as OperationalEvents } from './link-events.js';
import { LinkService } from './link-service.js';
import { scheduledReports } from './scheduled-reports/build.js';
import { StatsService } from './stats-service.js';
import { Upkeep } from './upkeep.js';
import { UtmTemplateService } from './utm-templates.js';
import { workspaceDeletion } from './workspace-deletion.js';
import { WorkspaceService } from './workspace-service.js';

/** Open the repositories (their failures counted), run migrations / create indexes, load the signing keys, and wire the services. */
export async function buildServices(
  config: Config,
  opts: {
    clock?: Clock;
    repos?: Repositories;
    log?: AuditLogger & { info?(obj: object, msg: string): void; debug?(obj: object, msg: string): void };
    webhooks?: WebhookOptions;
    health?: HealthOptions;
  } = {},
): Promise<Services> {
  setPasswordCost(config.passwordCost);
  // LSK_TEST_CLOCK_FILE: black-box tests move the server's time (never set in production).
  const clock = opts.clock ?? (config.testClockFile ? new OffsetFileClock(config.testClockFile) : systemClock);
  const metrics = new Metrics();
  const clickStore = { eventDays: config.clickEventsDays, writerNice: config.clickWriterNice, log: opts.log };
  const repos = countStoreErrors(opts.repos ?? (await openRepositories(config.databaseUrl, { clock, clicks: clickStore })), metrics);
  await repos.init();
  const keyring = new Keyring(repos.signingKeys, clock, { rotateDays: config.signingKeyRotateDays, keyTtlDays: config.keyTtlDays });
  await keyring.init();
  const log = opts.log ?? { warn: () => {}, error: () => {} };
  if (opts.log) setPasswordWarnings((message) => log.warn({}, message));
  // The services' events (docs/adr/0120): every change is emitted here; the audit log records them.
  const events = new ServiceEvents(clock, (e) => log.error({ err: e }, 'an event listener failed'));
  const auditRecorder = new AuditRecorder(repos, log, { enabled: config.auditDays > 0 });
  events.subscribe(auditRecorder.take);
  const lifetimes = { ttlDays: config.keyTtlDays, renewDays: config.keyRenewDays, defaultDomain: config.defaultDomain };
  const keys = new ApiKeyService(repos, keyring, clock, lifetimes, events);
  const linkEvents = new LinkEvents();
  const abuse = new Abuse(repos, { file: config.blocklistFile, log, clock });
  // A deleted workspace's queued deliveries are not sent while its purge runs (docs/adr/0177).
  const webhooks = buildWebhooks(repos, clock, config, metrics, events, { gone: (ws) => abuse.gone(ws), ...opts.webhooks });
  // What abuse controls and health checks did (docs/adr/0130): the audit log records the workspaces' part.
  const operational = new OperationalEvents();
  recordOperationalEvents(operational, events);
  let links: LinkService | undefined;
  const health = buildHealth(
    repos,
    {
      clock,
      config,
      metrics,
      outbox: webhooks.outbox,
      events: operational,
      present: (rows) => links!.withClicks(rows),
      blocked: abuse.blocklist,
      suspended: (ws) => abuse.suspended(ws),
    },
    opts.health,
  );
  links = new LinkService(repos.links, repos.domains, repos.clicks, clock, config.defaultDomain, linkEvents, events, webhooks.outbox, abuse, health.service);
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
  const deletion = workspaceDeletion(repos, abuse, clock, auditRecorder, events, log);
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
    store: { kind: repos.kind, ping: () => repos.ping(), close: () => repos.close() },
    upkeep: new Upkeep(accounts.sessions, repos.members, clock, audit, deletion.purge),
    workspacePurge: deletion.purge,
    keyring,
    keys,
    links,
    bulkLinks: new BulkLinkService(repos.links, repos.clicks, clock, config.defaultDomain, linkEvents, links),
    idempotency: new IdempotencyService(repos.idempotency, clock),
    linkEvents,
    serviceEvents: events,
    auditRecorder,
    audit,
    workspaces: new WorkspaceService(
      repos,
      clock,
      [config.defaultDomain, new URL(config.publicUrl).host],
      events,
      (id) => keys.forgetWorkspace(id),
      (host) => linkEvents.siteChanged(host),
      deletion.deleted,
    ),
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
    directory: new Directory(repos),
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
