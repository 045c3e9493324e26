import { randomUUID } from 'node:crypto';
import type { Clock } from '../domain/clock.js';
import { LskError } from '../domain/errors.js';
import type { IdempotencyRepository, StoredResponse } from '../storage/idempotency/repository.js';

/** How long an answer is kept for replays. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** A claim still unanswered after this long is taken to be abandoned (its instance died mid-request). */
export const IDEMPOTENCY_LEASE_MS = 5 * 60_000;
const SWEEP_EVERY_MS = 10 * 60_000;

export type Begin = { kind: 'run'; token: string } | { kind: 'replay'; response: StoredResponse };

/**
 * Idempotency-Key on the POSTs that create (docs/adr/0061): the first request claims the key with a
 * unique insert and stores its answer; a repeat replays it; another request with the key is 422; a
 * repeat while the first still runs is 409. Expired records are ignored here and swept now and then.
 */
export class IdempotencyService {
  private lastSweep = 0;

  constructor(
    private readonly repo: IdempotencyRepository,
    private readonly clock: Clock,
  ) {}

  async begin(workspaceId: string, key: string, fingerprint: string): Promise<Begin> {
    const now = this.clock.now();
    this.sweepNowAndThen(now);
    for (let attempt = 0; attempt < 3; attempt++) {
      const token = randomUUID();
      const expiresAt = new Date(now.getTime() + IDEMPOTENCY_TTL_MS);
      if (await this.repo.claim({ workspaceId, key, token, fingerprint, createdAt: now, expiresAt })) return { kind: 'run', token };
      const found = await this.repo.get(workspaceId, key);
      if (!found) continue; // released in between: claim again
      const abandoned = !found.response && now.getTime() - found.createdAt.getTime() > IDEMPOTENCY_LEASE_MS;
      if (found.expiresAt <= now || abandoned) {
        await this.repo.release(workspaceId, key, found.token); // by its token: a newer claim stays
        continue;
      }
      if (found.fingerprint !== fingerprint) {
        throw new LskError('idempotency_key_mismatch', 'This Idempotency-Key was used for a different request; use a new key for a new request.');
      }
      if (found.response) return { kind: 'replay', response: found.response };
      break;
    }
    throw new LskError('idempotency_in_progress', 'A request with this Idempotency-Key is still being processed; retry shortly.', { retryAfter: 1 });
  }

  /** Keep the answer of a claim for its replays. */
  finish(workspaceId: string, key: string, token: string, response: StoredResponse): Promise<void> {
    return this.repo.complete(workspaceId, key, token, response);
  }

  /** The first request failed: free the key, so a corrected retry may use it. */
  abandon(workspaceId: string, key: string, token: string): Promise<void> {
    return this.repo.release(workspaceId, key, token);
  }

  private sweepNowAndThen(now: Date): void {
    if (now.getTime() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now.getTime();
    void this.repo.sweep(now).catch(() => undefined); // best effort: reads ignore expired records anyway
  }
}
