import type { Collection } from 'mongodb';
import type { IndexDef, MongoConnection } from '../mongo/connection.js';
import { purgeCollections, purgeDocs } from '../mongo/purge.js';
import type {
  AttemptClaim,
  AttemptRecord,
  Delivery,
  DeliveryOutcome,
  DeliveryPosition,
  EndpointPatch,
  WebhookEndpoint,
  WebhooksRepository,
} from './repository.js';

type EndpointDoc = Omit<WebhookEndpoint, 'id'> & { _id: string };
type DeliveryDoc = Omit<Delivery, 'id'> & { _id: string };
/** One claim of one attempt: its _id is `${deliveryId}:${attemptNo}:${take}`, so two instances cannot both insert it. */
type AttemptDoc = Omit<AttemptRecord, never> & { _id: string };

export const WEBHOOK_INDEXES: IndexDef[] = [
  ['webhook_endpoints', { workspaceId: 1, createdAt: 1 }, { name: 'webhook_endpoints_by_workspace' }],
  ['webhook_deliveries', { endpointId: 1, createdAt: -1, _id: -1 }, { name: 'webhook_deliveries_by_endpoint' }],
  ['webhook_deliveries', { status: 1, nextAttemptAt: 1 }, { name: 'webhook_deliveries_due' }],
  ['webhook_attempts', { deliveryId: 1, attemptNo: 1 }, { name: 'webhook_attempts_by_delivery' }],
  // A deleted workspace's purge (docs/adr/0177).
  ['webhook_deliveries', { workspaceId: 1 }, { name: 'webhook_deliveries_by_workspace' }],
];

const toEndpoint = ({ _id, ...d }: EndpointDoc): WebhookEndpoint => ({
  id: _id,
  ...d,
  description: d.description ?? null,
  failingSince: d.failingSince ?? null,
});
const toDelivery = ({ _id, ...d }: DeliveryDoc): Delivery => ({ id: _id, ...d });
const attemptKey = (c: Pick<AttemptClaim, 'deliveryId' | 'attemptNo' | 'take'>) => `${c.deliveryId}:${c.attemptNo}:${c.take}`;

/**
 * MongoDB (and FerretDB, which is not atomic for conditional updates): endpoints and deliveries are
 * written with plain $set by one writer at a time; the only contended write, claiming an attempt,
 * is an insert on a unique _id (docs/adr/0030).
 */
export class MongoWebhooks implements WebhooksRepository {
  private readonly endpoints: Collection<EndpointDoc>;
  private readonly deliveries: Collection<DeliveryDoc>;
  private readonly attempts: Collection<AttemptDoc>;

  constructor(private readonly conn: MongoConnection) {
    this.endpoints = conn.collection('webhook_endpoints');
    this.deliveries = conn.collection('webhook_deliveries');
    this.attempts = conn.collection('webhook_attempts');
  }

  async insertEndpoint(e: WebhookEndpoint): Promise<WebhookEndpoint> {
    const { id, ...rest } = e;
    await this.conn.run(() => this.endpoints.insertOne({ _id: id, ...rest }));
    return e;
  }

  getEndpoint(workspaceId: string, id: string): Promise<WebhookEndpoint | null> {
    return this.conn.run(async () => {
      const d = await this.endpoints.findOne({ _id: id, workspaceId });
      return d ? toEndpoint(d) : null;
    });
  }

  listEndpoints(workspaceId: string): Promise<WebhookEndpoint[]> {
    return this.conn.run(async () => (await this.endpoints.find({ workspaceId }).sort({ createdAt: 1, _id: 1 }).toArray()).map(toEndpoint));
  }

  async updateEndpoint(workspaceId: string, id: string, patch: EndpointPatch): Promise<WebhookEndpoint | null> {
    const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length > 0) await this.conn.run(() => this.endpoints.updateOne({ _id: id, workspaceId }, { $set: set }));
    return this.getEndpoint(workspaceId, id);
  }

  deleteEndpoint(workspaceId: string, id: string): Promise<boolean> {
    return this.conn.run(async () => {
      const gone = (await this.endpoints.deleteOne({ _id: id, workspaceId })).deletedCount > 0;
      if (gone) await this.deliveries.deleteMany({ endpointId: id });
      return gone;
    });
  }

  async insertDeliveries(ds: readonly Delivery[]): Promise<void> {
    if (ds.length === 0) return;
    await this.conn.run(() => this.deliveries.insertMany(ds.map(({ id, ...rest }) => ({ _id: id, ...rest }))));
  }

  getDelivery(workspaceId: string, endpointId: string, id: string): Promise<Delivery | null> {
    return this.conn.run(async () => {
      const d = await this.deliveries.findOne({ _id: id, workspaceId, endpointId });
      return d ? toDelivery(d) : null;
    });
  }

  listDeliveries(workspaceId: string, endpointId: string, limit: number, after?: DeliveryPosition): Promise<Delivery[]> {
    const page = after ? { $or: [{ createdAt: { $lt: after.createdAt } }, { createdAt: after.createdAt, _id: { $lt: after.id } }] } : {};
    return this.conn.run(async () =>
      (
        await this.deliveries
          .find({ endpointId, workspaceId, ...page })
          .sort({ createdAt: -1, _id: -1 })
          .limit(limit)
          .toArray()
      ).map(toDelivery),
    );
  }

  dueDeliveries(now: Date, limit: number): Promise<Delivery[]> {
    return this.conn.run(async () =>
      (
        await this.deliveries
          .find({ status: 'pending', nextAttemptAt: { $lte: now } })
          .sort({ nextAttemptAt: 1, _id: 1 })
          .limit(limit)
          .toArray()
      ).map(toDelivery),
    );
  }

  pendingCount(): Promise<number> {
    return this.conn.run(() => this.deliveries.countDocuments({ status: 'pending' }));
  }

  async setOutcome(id: string, o: DeliveryOutcome): Promise<void> {
    await this.conn.run(() => this.deliveries.updateOne({ _id: id }, { $set: o }));
  }

  attemptClaims(deliveryId: string, attemptNo: number): Promise<AttemptRecord[]> {
    return this.conn.run(async () =>
      (await this.attempts.find({ deliveryId, attemptNo }).sort({ take: 1 }).toArray()).map(({ _id, ...a }) => ({ ...a, finishedAt: a.finishedAt ?? null })),
    );
  }

  claimAttempt(c: AttemptClaim): Promise<boolean> {
    return this.conn.insertUnique(this.attempts, { _id: attemptKey(c), ...c, finishedAt: null });
  }

  async finishAttempt(c: AttemptClaim, at: Date): Promise<void> {
    await this.conn.run(() => this.attempts.updateOne({ _id: attemptKey(c) }, { $set: { finishedAt: at } }));
  }

  /** A batch of deliveries goes with their attempts (found by delivery), then the endpoints. */
  purgeWorkspace(workspaceId: string, limit: number): Promise<number> {
    return this.conn.run(async () => {
      const deliveries = await purgeDocs(this.conn, this.deliveries, { workspaceId }, limit, (ids) => this.attempts.deleteMany({ deliveryId: { $in: ids } }));
      return deliveries || purgeCollections(this.conn, [[this.conn.collection('webhook_endpoints'), { workspaceId }]], limit);
    });
  }
}
