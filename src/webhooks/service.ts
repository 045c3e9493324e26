import type { Caller } from '../domain/caller.js';
import type { Clock } from '../domain/clock.js';
import { DAY_MS } from '../domain/clock.js';
import { decodeCursor, encodeCursor } from '../domain/cursor.js';
import { LskError } from '../domain/errors.js';
import type { ServiceEvents } from '../domain/events/service-events.js';
import { newId } from '../domain/ids.js';
import { assertUnrestricted } from '../domain/link-access.js';
import { parseOrThrow } from '../domain/validate.js';
import { createWebhookSchema, listDeliveriesSchema, updateWebhookSchema } from '../domain/webhook-schemas.js';
import type { Delivery, EndpointPatch, WebhookEndpoint, WebhooksRepository } from '../storage/webhooks/repository.js';
import { newDelivery } from './outbox.js';
import { eventBody } from './payloads.js';
import { newSecret } from './signing.js';
import { type Resolver, resolveTarget, TargetRefused, TargetUnresolvable } from './ssrf.js';

/** How long a rotated-out secret keeps signing beside the new one. */
export const ROTATION_OVERLAP_MS = DAY_MS;

export interface DeliveryPage {
  data: Delivery[];
  nextCursor: string | null;
}

/**
 * Webhook endpoints of one workspace: create, read, update, delete, rotate the secret, test; their
 * deliveries. Endpoints receive every link's events, so a restricted key may not touch them.
 */
export class WebhookService {
  constructor(
    private readonly repo: WebhooksRepository,
    private readonly clock: Clock,
    private readonly opts: { allowPrivate: boolean; resolve?: Resolver },
    private readonly events: ServiceEvents,
  ) {}

  /**
   * The target must not be (or resolve to) a private address, unless the operator allows them. A
   * name that resolves nowhere yet is accepted: every delivery resolves and checks it again.
   */
  private async assertTargetAllowed(url: string): Promise<void> {
    try {
      await resolveTarget(new URL(url), this.opts);
    } catch (e) {
      if (e instanceof TargetUnresolvable) return;
      if (e instanceof TargetRefused) throw LskError.validation([{ path: 'url', message: `is not allowed: ${e.message}` }]);
      throw e;
    }
  }

  async create(caller: Caller, raw: unknown): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const input = parseOrThrow(createWebhookSchema, raw);
    assertUnrestricted(caller, 'manage webhooks');
    await this.assertTargetAllowed(input.url);
    const secret = newSecret();
    const endpoint = await this.repo.insertEndpoint({
      id: newId('whk'),
      workspaceId: caller.workspaceId,
      url: input.url,
      events: input.events,
      description: input.description,
      enabled: true,
      secrets: [{ secret, expiresAt: null }],
      createdAt: this.clock.now(),
      failingSince: null,
    });
    this.events.emit(caller, 'webhook.created', endpoint.id);
    return { endpoint, secret };
  }

  list(caller: Caller): Promise<WebhookEndpoint[]> {
    assertUnrestricted(caller, 'read webhooks');
    return this.repo.listEndpoints(caller.workspaceId);
  }

  async get(caller: Caller, id: string): Promise<WebhookEndpoint> {
    assertUnrestricted(caller, 'read webhooks');
    const e = await this.repo.getEndpoint(caller.workspaceId, id);
    if (!e) throw LskError.notFound('Webhook endpoint');
    return e;
  }

  async update(caller: Caller, id: string, raw: unknown): Promise<WebhookEndpoint> {
    const input = parseOrThrow(updateWebhookSchema, raw);
    await this.get(caller, id);
    if (input.url !== undefined) await this.assertTargetAllowed(input.url);
    const patch: EndpointPatch = {};
    if (input.url !== undefined) patch.url = input.url;
    if (input.events !== undefined) patch.events = input.events;
    if (input.description !== undefined) patch.description = input.description;
    if (input.enabled !== undefined) {
      patch.enabled = input.enabled;
      if (input.enabled) patch.failingSince = null; // re-enabled: the 5-day count starts afresh
    }
    const e = await this.repo.updateEndpoint(caller.workspaceId, id, patch);
    if (!e) throw LskError.notFound('Webhook endpoint');
    this.events.emit(caller, 'webhook.updated', id);
    return e;
  }

  async delete(caller: Caller, id: string): Promise<void> {
    assertUnrestricted(caller, 'manage webhooks');
    if (!(await this.repo.deleteEndpoint(caller.workspaceId, id))) throw LskError.notFound('Webhook endpoint');
    this.events.emit(caller, 'webhook.deleted', id);
  }

  /** A new secret; the previous one keeps signing beside it for 24 h (older ones stop now). */
  async rotateSecret(caller: Caller, id: string): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const current = await this.get(caller, id);
    const now = this.clock.now();
    const secret = newSecret();
    const previous = current.secrets.find((s) => s.expiresAt === null);
    const secrets = [{ secret, expiresAt: null }, ...(previous ? [{ secret: previous.secret, expiresAt: new Date(now.getTime() + ROTATION_OVERLAP_MS) }] : [])];
    const endpoint = await this.repo.updateEndpoint(caller.workspaceId, id, { secrets });
    if (!endpoint) throw LskError.notFound('Webhook endpoint');
    this.events.emit(caller, 'webhook.secret_rotated', id);
    return { endpoint, secret };
  }

  /** Queue a webhook.test event for this endpoint (whatever it subscribes to). */
  async test(caller: Caller, id: string): Promise<Delivery> {
    const endpoint = await this.get(caller, id);
    const now = this.clock.now();
    const d = newDelivery(endpoint, 'webhook.test', eventBody('webhook.test', now, { webhook: { id: endpoint.id, url: endpoint.url } }), now);
    await this.repo.insertDeliveries([d]);
    this.events.emit(caller, 'webhook.tested', id);
    return d;
  }

  async deliveries(caller: Caller, id: string, raw: unknown): Promise<DeliveryPage> {
    const q = parseOrThrow(listDeliveriesSchema, raw);
    const after = q.cursor ? decodeCursor(q.cursor) : undefined;
    await this.get(caller, id);
    const rows = await this.repo.listDeliveries(caller.workspaceId, id, q.limit + 1, after);
    const data = rows.slice(0, q.limit);
    const last = data[data.length - 1];
    return { data, nextCursor: rows.length > q.limit && last ? encodeCursor(last) : null };
  }

  /** Send a delivery again now (delivered or failed ones too); the webhook-id stays the same. */
  async retry(caller: Caller, id: string, deliveryId: string): Promise<Delivery> {
    assertUnrestricted(caller, 'manage webhooks');
    const d = await this.repo.getDelivery(caller.workspaceId, id, deliveryId);
    if (!d) throw LskError.notFound('Delivery');
    const { attempts, lastStatusCode, lastError, lastDurationMs } = d;
    const outcome = { status: 'pending', attempts, lastStatusCode, lastError, lastDurationMs, nextAttemptAt: this.clock.now(), deliveredAt: null } as const;
    await this.repo.setOutcome(d.id, outcome);
    this.events.emit(caller, 'webhook.delivery_retried', d.id);
    return { ...d, ...outcome };
  }
}
