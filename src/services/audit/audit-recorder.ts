import { AUDIT_ACTIONS, type AuditEntry } from '../../domain/audit.js';
import type { ServiceEvent, UserEvent } from '../../domain/events/service-events.js';
import { timeOrderedId } from '../../domain/ids.js';
import type { AuditRepository } from '../../storage/audit/repository.js';
import type { MembersRepository } from '../../storage/members/repository.js';

export interface AuditRecorderOptions {
  /** Off (LSK_AUDIT_DAYS=0): events are not recorded at all. */
  enabled: boolean;
  /** How often buffered entries are written. */
  intervalMs?: number;
  /** A write starts as soon as this many entries wait (and writes at most this many at once). */
  batchMax?: number;
  /** At most this many entries wait in memory (the store unreachable for long); past it new ones are dropped and counted. */
  maxBuffered?: number;
}

export interface AuditLogger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** A user event waiting for its workspaces (read when written), with the id its entries derive from. */
interface PendingUserEvent {
  event: UserEvent;
  id: string;
}

type Pending = AuditEntry | PendingUserEvent;

/**
 * The audit log's writer (docs/adr/0120): it hears every service event and keeps it in memory as an
 * entry (id and time fixed when it happened); a timer writes the buffer in one insert per batch,
 * off the request path. A failed write is retried with the same ids (the store skips ids it already
 * holds); `stop()` writes what is left, so a clean stop loses nothing. A user's events (sign-ins)
 * become one entry per workspace they belong to, resolved when written.
 */
export class AuditRecorder {
  private buffer: Pending[] = [];
  private writing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private soon = false;
  private failing = false;
  /** Entries written so far. */
  written = 0;
  /** Events dropped because the buffer was full. */
  dropped = 0;
  private readonly intervalMs: number;
  private readonly batchMax: number;
  private readonly maxBuffered: number;

  constructor(
    private readonly store: { audit: AuditRepository; members: MembersRepository },
    private readonly log: AuditLogger,
    private readonly opts: AuditRecorderOptions,
  ) {
    this.intervalMs = opts.intervalMs ?? 1000;
    this.batchMax = opts.batchMax ?? 500;
    this.maxBuffered = opts.maxBuffered ?? 100_000;
  }

  /** Entries waiting to be written. */
  get queued(): number {
    return this.buffer.length;
  }

  /** The listener to subscribe to the services' events: a push, nothing else. */
  readonly take = (e: ServiceEvent): void => {
    if (!this.opts.enabled) return;
    if (this.buffer.length >= this.maxBuffered) {
      this.dropped++;
      return;
    }
    const id = timeOrderedId('aud', e.at.getTime());
    if (e.kind === 'user') this.buffer.push({ event: e, id });
    else {
      const { workspaceId, actor, requestId, at, action, targetId } = e;
      this.buffer.push({ id, workspaceId, at, actor, action, target: { type: AUDIT_ACTIONS[action], id: targetId }, requestId });
    }
    if (this.buffer.length >= this.batchMax && !this.soon) {
      this.soon = true;
      setImmediate(() => {
        this.soon = false;
        this.flush().catch(() => undefined);
      });
    }
  };

  start(): void {
    this.timer ??= setInterval(() => void this.flush().catch(() => undefined), this.intervalMs);
    this.timer.unref();
  }

  /** Write everything buffered now (one write at a time; callers wait for the one under way first). */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.buffer.length === 0) return;
    this.writing = this.writeAll().finally(() => {
      this.writing = undefined;
    });
    return this.writing;
  }

  /** Stop the timer and write what is left (a clean stop loses nothing that the store accepts). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush().catch((e: unknown) => this.log.error({ err: e, entries: this.buffer.length }, 'audit entries could not be written at shutdown'));
  }

  private async writeAll(): Promise<void> {
    while (this.buffer.length > 0) {
      let batch: AuditEntry[];
      try {
        batch = await this.resolveHead();
        await this.store.audit.insertMany(batch);
      } catch (e) {
        if (!this.failing) this.log.warn({ err: e, entries: this.buffer.length }, 'audit entries could not be written; retrying');
        this.failing = true;
        throw e;
      }
      // New events were only appended meanwhile: the batch is still the head of the buffer.
      this.buffer.splice(0, batch.length);
      this.written += batch.length;
      this.failing = false;
    }
  }

  /**
   * The head of the buffer as up to `batchMax` entries. A user event there is replaced, in place, by
   * an entry per workspace of the user (ids derived from the event's, so they keep its order, and a
   * retry writes the very same entries).
   */
  private async resolveHead(): Promise<AuditEntry[]> {
    const out: AuditEntry[] = [];
    let i = 0;
    while (i < this.buffer.length && out.length < this.batchMax) {
      const p = this.buffer[i]!;
      if (!('event' in p)) {
        out.push(p);
        i++;
        continue;
      }
      const { event: e, id } = p;
      const memberships = await this.store.members.listByUser(e.userId);
      const entries = memberships.map((m, k) => ({
        id: `${id}${k.toString(36).padStart(2, '0')}`,
        workspaceId: m.workspaceId,
        at: e.at,
        actor: e.actor,
        action: e.action,
        target: { type: AUDIT_ACTIONS[e.action], id: e.userId },
        requestId: e.requestId,
      }));
      this.buffer.splice(i, 1, ...entries);
    }
    return out;
  }
}
