/** Webhook endpoints and deliveries as the repository stores them (test fixtures). */
import type { Delivery, WebhookEndpoint } from '../../src/storage/webhooks/repository.js';
import { at, uid } from './_harness.js';

export function endpoint(workspaceId: string, over: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: uid('whk'),
    workspaceId,
    url: 'https://hooks.example/in',
    events: ['link.created'],
    description: null,
    enabled: true,
    secrets: [{ secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw2TC2Fhn3hb4=', expiresAt: null }],
    createdAt: at(0),
    failingSince: null,
    ...over,
  };
}

export function delivery(e: WebhookEndpoint, over: Partial<Delivery> = {}): Delivery {
  return {
    id: uid('dlv'),
    workspaceId: e.workspaceId,
    endpointId: e.id,
    messageId: uid('msg'),
    eventType: 'link.created',
    body: '{"type":"link.created"}',
    status: 'pending',
    attempts: 0,
    lastStatusCode: null,
    lastError: null,
    lastDurationMs: null,
    nextAttemptAt: at(0),
    createdAt: at(0),
    deliveredAt: null,
    ...over,
  };
}
