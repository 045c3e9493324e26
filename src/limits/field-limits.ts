import type { GraphQLResolveInfo } from 'graphql';
import type { getGraphQLRateLimiter } from 'graphql-rate-limit';
import { deferred } from '../domain/deferred.js';
import { LskError } from '../domain/errors.js';
import type { CountersRepository } from '../storage/counters/repository.js';

/** Per-field limits, declared next to the schema fields that use them (per workspace). */
export const FIELD_LIMITS = {
  createKey: { max: 10, window: '1m' },
  linkStats: { max: 120, window: '1m' },
  // The dashboard's overview reads eight groupings per view (chart and panels): 120 would stop a person after 15 views a minute.
  analytics: { max: 600, window: '1m' },
  // Sending a scheduled report now (docs/adr/0219): a preview, not a mass mailer.
  sendReport: { max: 5, window: '1m' },
} as const;

/** graphql-rate-limit brings graphql-shield and its dependencies: loaded when first needed (never by most `lsk` commands). */
const rateLimitLibrary = deferred(() => import('graphql-rate-limit'));

type FieldLimit = (typeof FIELD_LIMITS)[keyof typeof FIELD_LIMITS];
const WINDOW_MS: Record<FieldLimit['window'], number> = { '1m': 60_000 };

interface Identity {
  contextIdentity: string;
  fieldIdentity: string;
}

/**
 * graphql-rate-limit's store on our counters: shared by every instance on MongoDB, and pruned (the
 * library hands back only timestamps inside the window; older ones are dropped on every write).
 */
class CounterBackedStore {
  constructor(private readonly counters: CountersRepository) {}

  private key(i: Identity): string {
    return `fl:${i.contextIdentity}:${i.fieldIdentity}`;
  }

  async getForIdentity(identity: Identity): Promise<readonly number[]> {
    const c = await this.counters.get(this.key(identity));
    return c ? (JSON.parse(c.value) as number[]) : [];
  }

  async setForIdentity(identity: Identity, timestamps: readonly number[], windowMs?: number): Promise<void> {
    const now = Date.now();
    const kept = timestamps.filter((t) => windowMs === undefined || t + windowMs > now);
    for (let attempt = 0; attempt < 20; attempt++) {
      const current = await this.counters.get(this.key(identity));
      if (await this.counters.cas(this.key(identity), current?.version ?? null, JSON.stringify(kept))) return;
    }
  }
}

export type FieldLimiter = (
  ctx: { principal: { workspace: { id: string } } | null },
  info: GraphQLResolveInfo,
  args: Record<string, unknown>,
  limit: FieldLimit,
) => Promise<void>;

export function createFieldLimiter(counters: CountersRepository): FieldLimiter {
  const store = new CounterBackedStore(counters);
  let limiter: ReturnType<typeof getGraphQLRateLimiter> | undefined;
  return async (ctx, info, args, limit) => {
    limiter ??= (await rateLimitLibrary()).getGraphQLRateLimiter({
      identifyContext: (c: { principal: { workspace: { id: string } } | null }) => c.principal?.workspace.id ?? 'anonymous',
      store,
    });
    const message = await limiter({ parent: undefined, args, context: ctx, info }, { max: limit.max, window: limit.window, uncountRejected: true });
    if (message) {
      // graphql-rate-limit says only "no": the wait is until the oldest call leaves the window.
      const windowMs = WINDOW_MS[limit.window];
      const calls = await store.getForIdentity({ contextIdentity: ctx.principal?.workspace.id ?? 'anonymous', fieldIdentity: info.fieldName });
      const oldest = Math.min(...calls.filter((t) => t + windowMs > Date.now()));
      const retryAfter = Number.isFinite(oldest) ? Math.max(1, Math.ceil((oldest + windowMs - Date.now()) / 1000)) : 1;
      throw new LskError('rate_limited', `Too many ${info.fieldName} calls: at most ${limit.max} per ${limit.window}.`, { retryAfter });
    }
  };
}
