import type { EventType } from '../../domain/webhook-schemas.js';
import { conflictOf, type Row, type SqliteConnection, toDate, toDateOrNull } from '../sqlite/connection.js';
import { purgeTables } from '../sqlite/purge.js';
import type {
  AttemptClaim,
  AttemptRecord,
  Delivery,
  DeliveryOutcome,
  DeliveryPosition,
  EndpointPatch,
  WebhookEndpoint,
  WebhookSecret,
  WebhooksRepository,
} from './repository.js';

const ms = (d: Date | null) => d?.getTime() ?? null;
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const toEndpoint = (r: Row): WebhookEndpoint => ({
  id: String(r.id),
  workspaceId: String(r.workspace_id),
  url: String(r.url),
  events: JSON.parse(String(r.events)) as EventType[],
  description: r.description === null ? null : String(r.description),
  enabled: r.enabled === 1,
  secrets: (JSON.parse(String(r.secrets)) as { secret: string; expires_at: number | null }[]).map(
    (s): WebhookSecret => ({ secret: s.secret, expiresAt: toDateOrNull(s.expires_at) }),
  ),
  createdAt: toDate(r.created_at),
  failingSince: toDateOrNull(r.failing_since),
});

const secretsJson = (ss: readonly WebhookSecret[]) => JSON.stringify(ss.map((s) => ({ secret: s.secret, expires_at: ms(s.expiresAt) })));

const toDelivery = (r: Row): Delivery => ({
  id: String(r.id),
  workspaceId: String(r.workspace_id),
  endpointId: String(r.endpoint_id),
  messageId: String(r.message_id),
  eventType: String(r.event_type) as EventType,
  body: String(r.body),
  status: String(r.status) as Delivery['status'],
  attempts: Number(r.attempts),
  lastStatusCode: numOrNull(r.last_status_code),
  lastError: r.last_error === null ? null : String(r.last_error),
  lastDurationMs: numOrNull(r.last_duration_ms),
  nextAttemptAt: toDateOrNull(r.next_attempt_at),
  createdAt: toDate(r.created_at),
  deliveredAt: toDateOrNull(r.delivered_at),
});

const ENDPOINT_COLUMNS: Record<keyof EndpointPatch, [string, (v: never) => unknown]> = {
  url: ['url', (v: string) => v],
  events: ['events', (v: EventType[]) => JSON.stringify(v)],
  description: ['description', (v: string | null) => v],
  enabled: ['enabled', (v: boolean) => (v ? 1 : 0)],
  secrets: ['secrets', secretsJson],
  failingSince: ['failing_since', ms],
};

export class SqliteWebhooks implements WebhooksRepository {
  constructor(private readonly conn: SqliteConnection) {}

  async insertEndpoint(e: WebhookEndpoint): Promise<WebhookEndpoint> {
    this.conn
      .stmt(
        `INSERT INTO webhook_endpoints (id, workspace_id, url, events, description, enabled, secrets, created_at, failing_since)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(e.id, e.workspaceId, e.url, JSON.stringify(e.events), e.description, e.enabled ? 1 : 0, secretsJson(e.secrets), ms(e.createdAt), ms(e.failingSince));
    return e;
  }

  async getEndpoint(workspaceId: string, id: string): Promise<WebhookEndpoint | null> {
    const r = this.conn.stmt('SELECT * FROM webhook_endpoints WHERE id = ? AND workspace_id = ?').get(id, workspaceId) as Row | undefined;
    return r ? toEndpoint(r) : null;
  }

  async listEndpoints(workspaceId: string): Promise<WebhookEndpoint[]> {
    return (this.conn.stmt('SELECT * FROM webhook_endpoints WHERE workspace_id = ? ORDER BY created_at, id').all(workspaceId) as Row[]).map(toEndpoint);
  }

  async updateEndpoint(workspaceId: string, id: string, patch: EndpointPatch): Promise<WebhookEndpoint | null> {
    const sets: string[] = [];
    const values: unknown[] = [];
    for (const [k, v] of Object.entries(patch) as [keyof EndpointPatch, never][]) {
      if (v === undefined) continue;
      const [column, to] = ENDPOINT_COLUMNS[k];
      sets.push(`${column} = ?`);
      values.push(to(v));
    }
    if (sets.length > 0) this.conn.stmt(`UPDATE webhook_endpoints SET ${sets.join(', ')} WHERE id = ? AND workspace_id = ?`).run(...values, id, workspaceId);
    return this.getEndpoint(workspaceId, id);
  }

  async deleteEndpoint(workspaceId: string, id: string): Promise<boolean> {
    return this.conn.tx(() => {
      const gone = this.conn.stmt('DELETE FROM webhook_endpoints WHERE id = ? AND workspace_id = ?').run(id, workspaceId).changes > 0;
      if (gone) this.conn.stmt('DELETE FROM webhook_deliveries WHERE endpoint_id = ?').run(id);
      return gone;
    });
  }

  async insertDeliveries(ds: readonly Delivery[]): Promise<void> {
    const stmt = this.conn.stmt(
      `INSERT INTO webhook_deliveries (id, workspace_id, endpoint_id, message_id, event_type, body, status, attempts, last_status_code,
         last_error, last_duration_ms, next_attempt_at, created_at, delivered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    try {
      this.conn.tx(() => {
        for (const d of ds) {
          stmt.run(
            d.id,
            d.workspaceId,
            d.endpointId,
            d.messageId,
            d.eventType,
            d.body,
            d.status,
            d.attempts,
            d.lastStatusCode,
            d.lastError,
            d.lastDurationMs,
            ms(d.nextAttemptAt),
            ms(d.createdAt),
            ms(d.deliveredAt),
          );
        }
      });
    } catch (e) {
      throw conflictOf(e) ?? e;
    }
  }

  async getDelivery(workspaceId: string, endpointId: string, id: string): Promise<Delivery | null> {
    const r = this.conn.stmt('SELECT * FROM webhook_deliveries WHERE id = ? AND workspace_id = ? AND endpoint_id = ?').get(id, workspaceId, endpointId) as
      | Row
      | undefined;
    return r ? toDelivery(r) : null;
  }

  async listDeliveries(workspaceId: string, endpointId: string, limit: number, after?: DeliveryPosition): Promise<Delivery[]> {
    const rows = after
      ? this.conn
          .stmt(
            `SELECT * FROM webhook_deliveries WHERE endpoint_id = ? AND workspace_id = ? AND (created_at < ? OR (created_at = ? AND id < ?))
             ORDER BY created_at DESC, id DESC LIMIT ?`,
          )
          .all(endpointId, workspaceId, ms(after.createdAt), ms(after.createdAt), after.id, limit)
      : this.conn
          .stmt('SELECT * FROM webhook_deliveries WHERE endpoint_id = ? AND workspace_id = ? ORDER BY created_at DESC, id DESC LIMIT ?')
          .all(endpointId, workspaceId, limit);
    return (rows as Row[]).map(toDelivery);
  }

  async dueDeliveries(now: Date, limit: number): Promise<Delivery[]> {
    const rows = this.conn
      .stmt("SELECT * FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?")
      .all(ms(now), limit);
    return (rows as Row[]).map(toDelivery);
  }

  async pendingCount(): Promise<number> {
    return Number((this.conn.stmt("SELECT count(*) AS n FROM webhook_deliveries WHERE status = 'pending'").get() as Row).n);
  }

  async setOutcome(id: string, o: DeliveryOutcome): Promise<void> {
    this.conn
      .stmt(
        `UPDATE webhook_deliveries SET status = ?, attempts = ?, last_status_code = ?, last_error = ?, last_duration_ms = ?, next_attempt_at = ?, delivered_at = ?
         WHERE id = ?`,
      )
      .run(o.status, o.attempts, o.lastStatusCode, o.lastError, o.lastDurationMs, ms(o.nextAttemptAt), ms(o.deliveredAt), id);
  }

  async attemptClaims(deliveryId: string, attemptNo: number): Promise<AttemptRecord[]> {
    const rows = this.conn.stmt('SELECT * FROM webhook_attempts WHERE delivery_id = ? AND attempt_no = ? ORDER BY take').all(deliveryId, attemptNo) as Row[];
    return rows.map((r) => ({
      deliveryId: String(r.delivery_id),
      attemptNo: Number(r.attempt_no),
      take: Number(r.take),
      owner: String(r.owner),
      leaseUntil: toDate(r.lease_until),
      finishedAt: toDateOrNull(r.finished_at),
    }));
  }

  async claimAttempt(c: AttemptClaim): Promise<boolean> {
    const r = this.conn
      .stmt('INSERT OR IGNORE INTO webhook_attempts (delivery_id, attempt_no, take, owner, lease_until) VALUES (?, ?, ?, ?, ?)')
      .run(c.deliveryId, c.attemptNo, c.take, c.owner, ms(c.leaseUntil));
    return r.changes > 0;
  }

  async finishAttempt(c: AttemptClaim, at: Date): Promise<void> {
    this.conn
      .stmt('UPDATE webhook_attempts SET finished_at = ? WHERE delivery_id = ? AND attempt_no = ? AND take = ?')
      .run(ms(at), c.deliveryId, c.attemptNo, c.take);
  }

  /** A batch of deliveries goes with its attempts (found by delivery), then the endpoints. */
  async purgeWorkspace(workspaceId: string, limit: number): Promise<number> {
    const attempts = 'DELETE FROM webhook_attempts WHERE delivery_id IN (SELECT id FROM webhook_deliveries WHERE workspace_id = ? LIMIT ?)';
    return this.conn.tx(() => {
      this.conn.stmt(attempts).run(workspaceId, limit);
      return purgeTables(this.conn, [['webhook_deliveries'], ['webhook_endpoints']], workspaceId, limit);
    });
  }
}
