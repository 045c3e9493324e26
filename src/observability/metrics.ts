import { deferred } from '../domain/deferred.js';
import { BoundCounter, BoundHistogram } from './bound-series.js';
import { Counter, Gauge, Histogram, type Metric, Registry } from './prom-parts.js';

/** Seconds: from 100 µs (a cached redirect) to 10 s (the longest a request may take). */
export const LATENCY_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Kind = 'counter' | 'gauge' | 'histogram';

/** Prometheus conventions, checked when a metric is declared (a wrong name stops the start, not a dashboard). */
function checkName(name: string, kind: Kind): void {
  if (!/^lsk_[a-z][a-z0-9_]*[a-z0-9]$/.test(name)) throw new Error(`metric ${name}: names are "lsk_" and snake_case`);
  if ((kind === 'counter') !== name.endsWith('_total')) throw new Error(`metric ${name}: a counter's name ends in _total, and only a counter's`);
}

/**
 * prom-client's defaults that break the naming rules: gauges named `_total` (each the sum of the
 * gauge of the same name without it, which has a `type` label: `sum(nodejs_active_handles)`).
 */
const MISNAMED_DEFAULTS = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];

/**
 * Process and runtime metrics (CPU, memory, heap, event-loop lag, GC...): one set per process,
 * collected from the server's start (loadDeferred, before it listens) or the first render. An `lsk`
 * command never renders, so never loads them (docs/adr/0232).
 */
const processMetrics = deferred(async () => {
  const { collectDefaultMetrics } = await import('prom-client');
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const name of MISNAMED_DEFAULTS) registry.removeSingleMetric(name);
  return registry;
});

/**
 * The service's metrics (prom-client). Declaring one is one line where its value lives:
 *
 *   const sent = metrics.counter('lsk_webhook_attempts_total', 'Webhook delivery attempts by outcome.', ['outcome']);
 *   metrics.gaugeFrom('lsk_clicks_pending', 'Clicks queued, not yet written.', () => clicks.queued);
 *   metrics.counterFrom('lsk_clicks_written_total', 'Clicks written to the store.', () => clicks.written);
 *
 * `…From` reads a number the owner keeps anyway, when /metrics is scraped (nothing on its hot path).
 * On a hot path (every redirect), `boundCounter`/`boundHistogram` bind a series once and update it
 * with no allocation. Names: `lsk_` + snake_case, base units (`_seconds`, `_bytes`), and `_total` on counters only.
 */
export class Metrics {
  readonly contentType = Registry.PROMETHEUS_CONTENT_TYPE;
  private readonly registry = new Registry();

  counter<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
    checkName(name, 'counter');
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  gauge<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []): Gauge<L> {
    checkName(name, 'gauge');
    return new Gauge({ name, help, labelNames, registers: [this.registry] });
  }

  histogram<L extends string = never>(name: string, help: string, labelNames: readonly L[] = [], buckets = LATENCY_BUCKETS): Histogram<L> {
    checkName(name, 'histogram');
    return new Histogram({ name, help, labelNames, buckets, registers: [this.registry] });
  }

  /** A counter whose series are bound once (`bind(...labelValues).inc()`), for hot paths. */
  boundCounter(name: string, help: string, labelNames: readonly string[]): BoundCounter {
    checkName(name, 'counter');
    return this.register(new BoundCounter(name, help, labelNames));
  }

  /** A histogram whose series are bound once (`bind(...labelValues).observe(v)`), for hot paths. */
  boundHistogram(name: string, help: string, labelNames: readonly string[], buckets = LATENCY_BUCKETS): BoundHistogram {
    checkName(name, 'histogram');
    return this.register(new BoundHistogram(name, help, labelNames, buckets));
  }

  private register<M extends BoundCounter | BoundHistogram>(metric: M): M {
    // prom-client's registry asks a metric only for its name, get() and reset().
    this.registry.registerMetric(metric as unknown as Metric);
    return metric;
  }

  /** A gauge whose value is read when scraped (a queue length, a cache size). */
  gaugeFrom(name: string, help: string, read: () => number): void {
    checkName(name, 'gauge');
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  /** A counter kept by its owner as a plain number that only grows, read when scraped. */
  counterFrom(name: string, help: string, read: () => number): void {
    checkName(name, 'counter');
    new Counter({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  }

  /** The text exposition format: the process's metrics, then the service's own. */
  async render(): Promise<string> {
    return `${await (await processMetrics()).metrics()}\n${await this.registry.metrics()}`;
  }
}
