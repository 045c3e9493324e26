import { Abuse } from '../abuse/abuse.js';
import { ApiKeyService } from '../auth/api-keys.js';
import { Keyring } from '../auth/keyring.js';
import type { Config } from '../config/env.js';
import { type Clock, OffsetFileClock, systemClock } from '../domain/clock.js';
import { LinkEvents } from '../domain/events/link-events.js';
import { ServiceEvents } from '../domain/events/service-events.js';
import { setPasswordCost, setPasswordWarnings } from '../domain/passwords.js';
import { HealthService } from '../health/health-service.js';
import { Metrics } from '../observability/metrics.js';
import { countStoreErrors } from '../observability/store-errors.js';
import { Directory } from '../services/accounts/directory.js';
import { type AuditLogger, AuditRecorder } from '../services/audit/audit-recorder.js';
import { BulkLinkService } from '../services/bulk-links.js';
import { LinkService } from '../services/link-service.js';
import { workspaceDeletion } from '../services/workspace-deletion.js';
import type { WorkspacePurge } from '../services/workspace-purge.js';
import { WorkspaceService } from '../services/workspace-service.js';
import { openRepositories } from '../storage/open.js';
import type { Repositories } from '../storage/repositories.js';
import { Outbox } from '../webhooks/outbox.js';

export type ServiceLog = AuditLogger & { info?(obj: object, msg: string): void; debug?(obj: object, msg: string): void };

export interface CoreOptions {
  clock?: Clock;
  repos?: Repositories;
  log?: ServiceLog;
}

/**
 * The services' core (docs/adr/0238): the store, the signing keys, the events and their audit
 * recorder, and the services of workspaces, keys and links with everything they emit into (the audit
 * log through the events, webhooks through the outbox, link changes, destination health). The server
 * builds the rest on it (build-services.ts); an `lsk` command that needs no more builds only this.
 */
export interface CoreServices {
  config: Config;
  clock: Clock;
  metrics: Metrics;
  repos: Repositories;
  store: Pick<Repositories, 'kind' | 'ping' | 'close'>;
  log: ServiceLog;
  keyring: Keyring;
  keys: ApiKeyService;
  serviceEvents: ServiceEvents;
  auditRecorder: AuditRecorder;
  linkEvents: LinkEvents;
  abuse: Abuse;
  outbox: Outbox;
  healthService: HealthService;
  links: LinkService;
  bulkLinks: BulkLinkService;
  workspaces: WorkspaceService;
  workspacePurge: WorkspacePurge;
  directory: Directory;
}

/** Open the repositories (their failures counted), run migrations / create indexes, load the signing keys, and wire the core services. */
export async function buildCore(config: Config, opts: CoreOptions = {}): Promise<CoreServices> {
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
  const outbox = new Outbox(repos.webhooks, clock);
  const healthService = new HealthService(repos.health, clock, config.healthIntervalMs, repos);
  const links = new LinkService(repos.links, repos.domains, repos.clicks, clock, config.defaultDomain, linkEvents, events, outbox, abuse, healthService);
  const deletion = workspaceDeletion(repos, abuse, clock, auditRecorder, events, log);
  const workspaces = new WorkspaceService(
    repos,
    clock,
    [config.defaultDomain, new URL(config.publicUrl).host],
    events,
    (id) => keys.forgetWorkspace(id),
    (host) => linkEvents.siteChanged(host),
    deletion.deleted,
  );
  return {
    config,
    clock,
    metrics,
    repos,
    store: { kind: repos.kind, ping: () => repos.ping(), close: () => repos.close() },
    log,
    keyring,
    keys,
    serviceEvents: events,
    auditRecorder,
    linkEvents,
    abuse,
    outbox,
    healthService,
    links,
    bulkLinks: new BulkLinkService(repos.links, repos.clicks, clock, config.defaultDomain, linkEvents, links),
    workspaces,
    workspacePurge: deletion.purge,
    directory: new Directory(repos),
  };
}
