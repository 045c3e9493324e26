import type { EventType } from '../../domain/webhook-schemas.js';

/** A signing secret of an endpoint; a rotated-out one keeps signing until `expiresAt`. */
export interface WebhookSecret {
  secret: string;
  expiresAt: Date | null;
}

export interface WebhookEndpoint {
  id: string;
  workspaceId: string;
  url: string;
  events: EventType[];
  description: string | null;
  enabled: boolean;
  /** Newest first. */
  secrets: WebhookSecret[];
  createdAt: Date;
  /** Since when every attempt has failed (null after a success); 5 days of it disables the endpoint. */
  failingSince: Date | null;
}

export type EndpointPatch = Partial<Pick<WebhookEndpoint, 'url' | 'events' | 'description' | 'enabled' | 'secrets' | 'failingSince'>>;

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event for one endpoint: the outbox row, and its delivery log. */
export interface Delivery {
  id: string;
  workspaceId: string;
  endpointId: string;
  /** webhook-id: the same on every attempt. */
  messageId: string;
  eventType: EventType;
  /** The exact body sent (the event as it was when it happened). */
  body: string;
  status: DeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  lastDurationMs: number | null;
  nextAttemptAt: Date | null;
  createdAt: Date;
  deliveredAt: Date | null;
}

/** What one attempt changed (written by the instance that claimed it, the only writer then). */
export type DeliveryOutcome = Pick<Delivery, 'status' | 'attempts' | 'lastStatusCode' | 'lastError' | 'lastDurationMs' | 'nextAttemptAt' | 'deliveredAt'>;

/** The right to make attempt `attemptNo` of a delivery; `take` counts claims whose lease ran out without a result. */
export interface AttemptClaim {
  deliveryId: string;
  attemptNo: number;
  take: number;
  owner: string;
  leaseUntil: Date;
}

export interface AttemptRecord extends AttemptClaim {
  finishedAt: Date | null;
}

export interface DeliveryPosition {
  createdAt: Date;
  id: string;
}

/** Webhook endpoints, their outbox of deliveries and the attempt claims (docs/adr/0030). */
export interface WebhooksRepository {
  insertEndpoint(e: WebhookEndpoint): Promise<WebhookEndpoint>;
  getEndpoint(workspaceId: string, id: string): Promise<WebhookEndpoint | null>;
  /** Oldest first. */
  listEndpoints(workspaceId: string): Promise<WebhookEndpoint[]>;
  updateEndpoint(workspaceId: string, id: string, patch: EndpointPatch): Promise<WebhookEndpoint | null>;
  /** Deletes the endpoint and its deliveries. */
  deleteEndpoint(workspaceId: string, id: string): Promise<boolean>;

  insertDeliveries(ds: readonly Delivery[]): Promise<void>;
  getDelivery(workspaceId: string, endpointId: string, id: string): Promise<Delivery | null>;
  /** Newest first, after `after` (exclusive). */
  listDeliveries(workspaceId: string, endpointId: string, limit: number, after?: DeliveryPosition): Promise<Delivery[]>;
  /** Pending deliveries whose next attempt is due at `now`, oldest due first. */
  dueDeliveries(now: Date, limit: number): Promise<Delivery[]>;
  /** Pending deliveries in the whole store (the outbox depth). */
  pendingCount(): Promise<number>;
  /** Written by the claimer of the attempt, or by a manual retry. */
  setOutcome(id: string, outcome: DeliveryOutcome): Promise<void>;

  /** Claims of one attempt of a delivery. */
  attemptClaims(deliveryId: string, attemptNo: number): Promise<AttemptRecord[]>;
  /** A unique-key insert on (deliveryId, attemptNo, take): true when this call won it. */
  claimAttempt(claim: AttemptClaim): Promise<boolean>;
  finishAttempt(claim: AttemptClaim, at: Date): Promise<void>;
  /** Delete up to `limit` records of a deleted workspace (docs/adr/0177): how many went, 0 when none is left. */
  purgeWorkspace(workspaceId: string, limit: number): Promise<number>;
}
