import type { Config } from '../config/env.js';
import type { Clock } from '../domain/clock.js';
import type { ServiceEvents } from '../domain/events/service-events.js';
import type { Metrics } from '../observability/metrics.js';
import type { Repositories } from '../storage/repositories.js';
import { ClickEvents } from './click-events.js';
import { webhookMetrics } from './metrics.js';
import type { Outbox } from './outbox.js';
import { WebhookService } from './service.js';
import type { Resolver } from './ssrf.js';
import { DeliveryWorker, type WorkerOptions } from './worker.js';

/** Webhooks as one part of the services: the API, the outbox the services emit into, the delivery worker, link.clicked. */
export interface Webhooks {
  service: WebhookService;
  outbox: Outbox;
  worker: DeliveryWorker;
  clickEvents: ClickEvents;
  start(): void;
  stop(): Promise<void>;
}

export interface WebhookOptions extends Partial<WorkerOptions> {
  resolve?: Resolver;
}

/** `outbox` is the one the services' core made and the services emit into (docs/adr/0238). */
export function buildWebhooks(
  repos: Repositories,
  clock: Clock,
  config: Config,
  metrics: Metrics,
  events: ServiceEvents,
  outbox: Outbox,
  opts: WebhookOptions = {},
): Webhooks {
  const target = { allowPrivate: config.webhookAllowPrivate, ...(opts.resolve ? { resolve: opts.resolve } : {}) };
  const clickEvents = new ClickEvents(repos.webhooks, repos.links, clock);
  let worker: DeliveryWorker | undefined;
  const observer = webhookMetrics(metrics, { worker: () => worker!, clickEvents });
  worker = new DeliveryWorker(repos.webhooks, clock, { ...opts, ...target }, observer);
  const w = worker;
  return {
    service: new WebhookService(repos.webhooks, clock, target, events),
    outbox,
    worker: w,
    clickEvents,
    start() {
      w.start();
      clickEvents.start();
    },
    async stop() {
      await clickEvents.stop();
      await w.stop();
    },
  };
}
