import { ApiKeyService } from '../auth/api-keys.js';
import { Keyring } from '../auth/keyring.js';
import type { Config } from '../config/env.js';
import { type Clock, systemClock } from '../domain/clock.js';
import { createFieldLimiter } from '../limits/field-limits.js';
import { MemoryRateLimiter, StoreRateLimiter } from '../limits/rate-limit.js';
import { Metrics } from '../observability/metrics.js';
import { registerServiceMetrics } from '../observability/service-metrics.js';
import { countStoreErrors } from '../observability/store-errors.js';
import { type ClickLogger, ClickRecorder } from '../redirect/click-recorder.js';
import { MmdbGeo } from '../redirect/geo.js';
import { openStore } from '../storage/open-store.js';
import type { Store } from '../storage/store.js';
import { LinkEvents } from './link-events.js';
import { LinkService } from './link-service.js';
import type { Services } from './services.js';
import { StatsService } from './stats-service.js';
import { WorkspaceService } from './workspace-service.js';

/** Open the store (its failures counted), run migrations / create indexes, load the signing keys, and wire the services. */
export async function buildServices(config: Config, opts: { clock?: Clock; store?: Store; log?: ClickLogger } = {}): Promise<Services> {
  const clock = opts.clock ?? systemClock;
  const metrics = new Metrics();
  const store = countStoreErrors(opts.store ?? (await openStore(config.databaseUrl)), metrics);
  await store.init();
  const keyring = new Keyring(store, clock, { rotateDays: config.signingKeyRotateDays, keyTtlDays: config.keyTtlDays });
  await keyring.init();
  const keys = new ApiKeyService(store, keyring, clock, { ttlDays: config.keyTtlDays, renewDays: config.keyRenewDays });
  const linkEvents = new LinkEvents();
  const links = new LinkService(store, clock, config.defaultDomain, linkEvents);
  // The one place the store kind decides anything: an embedded store serves one instance; MongoDB
  // may serve many, which then share limits and re-read what another instance may have changed.
  const shared = store.kind === 'mongodb';
  const services: Services = {
    config,
    clock,
    metrics,
    store,
    keyring,
    keys,
    links,
    linkEvents,
    workspaces: new WorkspaceService(store, clock, config.defaultDomain),
    stats: new StatsService(store, clock, links),
    limiter: shared ? new StoreRateLimiter(store) : new MemoryRateLimiter(),
    redirectCacheTtlMs: shared ? 2000 : Number.POSITIVE_INFINITY,
    fieldLimit: createFieldLimiter(store),
    geo: config.countryHeader ? null : new MmdbGeo(config.geoipDb),
    clicks: new ClickRecorder(store, opts.log ?? { warn: () => {} }),
  };
  registerServiceMetrics(services);
  return services;
}
