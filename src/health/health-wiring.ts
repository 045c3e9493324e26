import { BlockList } from 'node:net';
import type { Config } from '../config/env.js';
import type { Clock } from '../domain/clock.js';
import type { BlockedHosts } from '../domain/destinations.js';
import type { OperationalEvents } from '../domain/events/link-events.js';
import type { Link } from '../domain/model.js';
import type { Metrics } from '../observability/metrics.js';
import type { LinkRow } from '../storage/links/repository.js';
import type { Repositories } from '../storage/repositories.js';
import type { EventSink } from '../webhooks/outbox.js';
import type { Resolver } from '../webhooks/ssrf.js';
import { type CheckerOptions, HealthChecker } from './checker.js';
import type { HealthService } from './health-service.js';

export interface Health {
  service: HealthService;
  checker: HealthChecker;
}

export interface HealthOptions extends Partial<CheckerOptions> {
  resolve?: Resolver;
}

/** LSK_HEALTH_ALLOW_PRIVATE's ranges as a BlockList (undefined when it is true or false). */
export function allowedRanges(config: Config): BlockList | undefined {
  const { ranges } = config.healthAllowPrivate;
  if (ranges.length === 0) return undefined;
  const list = new BlockList();
  for (const [net, bits, family] of ranges) list.addSubnet(net, bits, family);
  return list;
}

/** Destination health as one part of the services: the service the link services use, the checker, and their metrics. */
export function buildHealth(
  repos: Repositories,
  parts: {
    clock: Clock;
    config: Config;
    metrics: Metrics;
    outbox: EventSink;
    events: OperationalEvents;
    present: (rows: LinkRow[]) => Promise<Link[]>;
    blocked: BlockedHosts;
    suspended: (workspaceId: string) => boolean;
    /** The link services' side, made by the services' core (docs/adr/0238). */
    service: HealthService;
  },
  opts: HealthOptions = {},
): Health {
  const { config, clock, metrics } = parts;
  const { service } = parts;
  const allow = allowedRanges(config);
  const checker = new HealthChecker(
    {
      repo: repos.health,
      links: repos.links,
      present: parts.present,
      schedule: service,
      outbox: parts.outbox,
      blocked: parts.blocked,
      suspended: parts.suspended,
      events: parts.events,
      clock,
    },
    config.healthIntervalMs,
    { allowPrivate: config.healthAllowPrivate.all, ...(allow ? { allow } : {}), ...opts },
  );
  metrics.gaugeFrom(
    'lsk_links_broken',
    'Links whose destinations failed two health checks in a row (the whole store, as of the last check round).',
    () => checker.broken,
  );
  metrics.counterFrom('lsk_health_checks_ok_total', 'Target URLs that answered a health check.', () => checker.made.ok);
  metrics.counterFrom('lsk_health_checks_failed_total', 'Target URLs that failed a health check (no answer, 404, 410 or 5xx).', () => checker.made.failed);
  metrics.counterFrom(
    'lsk_health_checks_shared_total',
    'Health checks answered by a probe of the same URL made lately or under way (counted in ok/failed too, without a request of their own).',
    () => checker.shared,
  );
  metrics.gaugeFrom('lsk_health_checks_in_progress', 'Link checks this instance is making now.', () => checker.inProgress);
  return { service, checker };
}
