import type { Clock } from '../domain/clock.js';
import { newId } from '../domain/ids.js';
import type { EventType } from '../domain/webhook-schemas.js';
import type { Delivery, WebhookEndpoint, WebhooksRepository } from '../storage/webhooks/repository.js';
import { eventBody } from './payloads.js';

/** What the services call when something happened that webhooks report (the events port). */
export interface EventSink {
  /** Resolves once every delivery of the event is stored (before the caller answers). */
  emit(workspaceId: string, type: EventType, data: unknown, at?: Date): Promise<void>;
}

/** One delivery row for an event and endpoint, due at once. */
export function newDelivery(endpoint: WebhookEndpoint, type: EventType, body: string, now: Date): Delivery {
  return {
    id: newId('dlv'),
    workspaceId: endpoint.workspaceId,
    endpointId: endpoint.id,
    messageId: newId('msg'),
    eventType: type,
    body,
    status: 'pending',
    attempts: 0,
    lastStatusCode: null,
    lastError: null,
    lastDurationMs: null,
    nextAttemptAt: now,
    createdAt: now,
    deliveredAt: null,
  };
}

/**
 * The outbox (docs/adr/0030): an event becomes one stored delivery per enabled endpoint subscribed
 * to it, written before the call that caused it answers; the delivery worker sends them.
 */
export class Outbox implements EventSink {
  constructor(
    private readonly repo: WebhooksRepository,
    private readonly clock: Clock,
  ) {}

  async emit(workspaceId: string, type: EventType, data: unknown, at?: Date): Promise<void> {
    const endpoints = (await this.repo.listEndpoints(workspaceId)).filter((e) => e.enabled && e.events.includes(type));
    if (endpoints.length === 0) return;
    const now = this.clock.now();
    const body = eventBody(type, at ?? now, data);
    await this.repo.insertDeliveries(endpoints.map((e) => newDelivery(e, type, body, now)));
  }
}
