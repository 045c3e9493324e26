import type { Metrics } from './metrics.js';

/** What the click counters (and the audit recorder) expose: the queue and its running totals. */
export interface ClickCounts {
  readonly queued: number;
  readonly written: number;
  readonly dropped: number;
}

/**
 * Metrics of the services themselves, read when /metrics is scraped. A service that keeps a count
 * declares it here (or wherever it is built) in one line through `services.metrics`.
 */
export function registerServiceMetrics({ metrics, clicks, audit }: { metrics: Metrics; clicks: ClickCounts; audit: ClickCounts }): void {
  metrics.gaugeFrom('lsk_clicks_pending', 'Clicks waiting in memory to be written to the store.', () => clicks.queued);
  metrics.counterFrom('lsk_clicks_written_total', 'Clicks written to the store.', () => clicks.written);
  metrics.counterFrom('lsk_clicks_dropped_total', 'Clicks dropped because the queue was full while the store could not be written.', () => clicks.dropped);
  metrics.gaugeFrom('lsk_audit_pending', 'Audit entries waiting in memory to be written to the store.', () => audit.queued);
  metrics.counterFrom('lsk_audit_written_total', 'Audit entries written to the store.', () => audit.written);
  metrics.counterFrom('lsk_audit_dropped_total', 'Audit events dropped because the buffer was full while the store could not be written.', () => audit.dropped);
}
