import type { Metrics } from '../observability/metrics.js';
import type { ClickEvents } from './click-events.js';
import type { DeliveryObserver, DeliveryWorker } from './worker.js';

/** The webhook metrics: attempts by outcome, attempt latency, outbox depth, shed click events. */
export function webhookMetrics(metrics: Metrics, parts: { worker: () => DeliveryWorker; clickEvents: ClickEvents }): DeliveryObserver {
  const attempts = metrics.counter('lsk_webhook_attempts_total', 'Webhook delivery attempts by outcome (delivered, retrying, failed, skipped).', ['outcome']);
  const latency = metrics.histogram('lsk_webhook_attempt_duration_seconds', 'Time a webhook attempt took, until the answer or the failure.');
  metrics.gaugeFrom('lsk_webhook_outbox_depth', 'Webhook deliveries pending in the store (as of the last delivery round).', () => parts.worker().depth);
  metrics.gaugeFrom('lsk_webhook_click_events_waiting', 'link.clicked events waiting to enter the outbox.', () => parts.clickEvents.waiting);
  metrics.counterFrom('lsk_webhook_click_events_shed_total', 'link.clicked events shed because their bounded queue was full.', () => parts.clickEvents.shed);
  return {
    attempted(outcome, durationMs) {
      attempts.labels(outcome).inc();
      if (outcome !== 'skipped') latency.observe(durationMs / 1000);
    },
  };
}
