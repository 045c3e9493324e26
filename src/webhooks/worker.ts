import { randomUUID } from 'node:crypto';
import type { Clock } from '../domain/clock.js';
import type { Delivery, DeliveryOutcome, WebhookEndpoint, WebhooksRepository } from '../storage/webhooks/repository.js';
import { DISABLE_AFTER_MS, LEASE_MS, nextAttemptAfter } from './schedule.js';
import { type SendOptions, type SendResult, send } from './sender.js';
import { signedHeaders, signingSecrets } from './signing.js';

export type AttemptOutcome = 'delivered' | 'retrying' | 'failed' | 'skipped';

/** What the worker reports to metrics (src/webhooks/metrics.ts). */
export interface DeliveryObserver {
  attempted(outcome: AttemptOutcome, durationMs: number): void;
}

export interface WorkerOptions extends Omit<SendOptions, 'now'> {
  /** How often due deliveries are looked for. */
  pollMs?: number;
  /** At most this many attempts at once per instance. */
  batch?: number;
  /** Names this instance in attempt claims. */
  owner?: string;
  /** Whether the workspace was deleted (docs/adr/0177): its deliveries are not sent while its purge runs. */
  gone?: (workspaceId: string) => boolean;
}

/**
 * Sends due deliveries (docs/adr/0030). Each attempt is first claimed by a unique-key insert of
 * (delivery, attempt number, take), so among any number of instances exactly one makes it; a claim
 * whose instance died is taken over once its lease has run out. The claimer alone then writes the
 * delivery's outcome.
 */
export class DeliveryWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;
  /** Pending deliveries in the store, as last counted (the outbox depth metric). */
  depth = 0;
  private readonly owner: string;

  constructor(
    private readonly repo: WebhooksRepository,
    private readonly clock: Clock,
    private readonly opts: WorkerOptions,
    private readonly observer: DeliveryObserver = { attempted: () => {} },
  ) {
    this.owner = opts.owner ?? randomUUID();
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops polling and waits for the attempts in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.runOnce().catch(() => 0);
      void this.running.then((n) => this.schedule(n >= (this.opts.batch ?? 16) ? 0 : (this.opts.pollMs ?? 1000)));
    }, ms);
    this.timer.unref();
  }

  /** One round: claim and make every due attempt (up to a batch); returns how many this instance made. */
  async runOnce(): Promise<number> {
    const due = await this.repo.dueDeliveries(this.clock.now(), this.opts.batch ?? 16);
    const made = await Promise.all(due.map((d) => this.attempt(d)));
    this.depth = await this.repo.pendingCount();
    return made.filter(Boolean).length;
  }

  private async attempt(d: Delivery): Promise<boolean> {
    const now = this.clock.now();
    const attemptNo = d.attempts + 1;
    const claims = await this.repo.attemptClaims(d.id, attemptNo);
    if (claims.some((c) => c.finishedAt !== null || c.leaseUntil > now)) return false;
    const claim = {
      deliveryId: d.id,
      attemptNo,
      take: claims.length === 0 ? 0 : Math.max(...claims.map((c) => c.take)) + 1,
      owner: this.owner,
      leaseUntil: new Date(now.getTime() + LEASE_MS),
    };
    if (!(await this.repo.claimAttempt(claim))) return false;
    const gone = this.opts.gone?.(d.workspaceId) === true;
    const endpoint = gone ? null : await this.repo.getEndpoint(d.workspaceId, d.endpointId);
    if (!endpoint?.enabled) {
      const why = gone ? 'the workspace was deleted' : endpoint ? 'the endpoint is disabled' : 'the endpoint was deleted';
      await this.repo.setOutcome(d.id, { ...outcomeOf(d), status: 'failed', nextAttemptAt: null, lastError: why });
      await this.repo.finishAttempt(claim, now);
      this.observer.attempted('skipped', 0);
      return true;
    }
    const headers = signedHeaders(d.messageId, now, d.body, signingSecrets(endpoint.secrets, now));
    const result = await send(endpoint.url, headers, d.body, this.opts);
    const outcome = await this.judge(endpoint, attemptNo, result);
    await this.repo.setOutcome(d.id, outcome);
    await this.repo.finishAttempt(claim, this.clock.now());
    this.observer.attempted(outcome.status === 'pending' ? 'retrying' : outcome.status, result.durationMs);
    return true;
  }

  /** The delivery after this attempt, and what the endpoint's record learns from it (failing since, disabled). */
  private async judge(endpoint: WebhookEndpoint, attemptNo: number, r: SendResult): Promise<DeliveryOutcome> {
    const now = this.clock.now();
    const base = { attempts: attemptNo, lastStatusCode: r.statusCode, lastDurationMs: r.durationMs };
    if (r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300) {
      if (endpoint.failingSince) await this.repo.updateEndpoint(endpoint.workspaceId, endpoint.id, { failingSince: null });
      return { ...base, status: 'delivered', lastError: null, nextAttemptAt: null, deliveredAt: now };
    }
    const error = r.error ?? `answered HTTP ${r.statusCode}`;
    if (r.statusCode === 410) {
      await this.repo.updateEndpoint(endpoint.workspaceId, endpoint.id, { enabled: false });
      return { ...base, status: 'failed', lastError: `${error}; the endpoint is disabled (410 Gone)`, nextAttemptAt: null, deliveredAt: null };
    }
    const failingSince = endpoint.failingSince ?? now;
    if (now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS) {
      await this.repo.updateEndpoint(endpoint.workspaceId, endpoint.id, { enabled: false });
      return { ...base, status: 'failed', lastError: `${error}; the endpoint is disabled (failing for 5 days)`, nextAttemptAt: null, deliveredAt: null };
    }
    if (!endpoint.failingSince) await this.repo.updateEndpoint(endpoint.workspaceId, endpoint.id, { failingSince });
    const next = nextAttemptAfter(attemptNo, now);
    return { ...base, status: next ? 'pending' : 'failed', lastError: error, nextAttemptAt: next, deliveredAt: null };
  }
}

function outcomeOf(d: Delivery): DeliveryOutcome {
  const { status, attempts, lastStatusCode, lastError, lastDurationMs, nextAttemptAt, deliveredAt } = d;
  return { status, attempts, lastStatusCode, lastError, lastDurationMs, nextAttemptAt, deliveredAt };
}
