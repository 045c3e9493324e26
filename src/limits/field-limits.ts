import type { GraphQLResolveInfo } from 'graphql';
import type { getGraphQLRateLimiter } from 'graphql-rate-limit';
import { deferred } from '../domain/deferred.js';
import { LskError } from '../domain/errors.js';
import type { CountersRepository } from '../storage/counters/repository.js';
import { CounterBackedStore, type Identity, StaleRead, storeKey } from './field-limit-store.js';

/** Per-field limits, declared next to the schema fields that use them (per workspace). */
export const FIELD_LIMITS = {
  createKey: { max: 10, window: '1m' },
  linkStats: { max: 120, window: '1m' },
  // The dashboard's overview reads eight groupings per view (chart and panels): 120 would stop a person after 15 views a minute.
  analytics: { max: 600, window: '1m' },
  // Sending a scheduled report now (docs/adr/0219): a preview, not a mass mailer.
  sendReport: { max: 5, window: '1m' },
} as const;

/**
 * graphql-rate-limit brings graphql-shield and its dependencies: loaded by the first call of a
 * limited field, not at the server's start nor by most `lsk` commands (docs/adr/0224).
 */
const rateLimitLibrary = deferred(() => import('graphql-rate-limit'), { atStart: false });

type FieldLimit = (typeof FIELD_LIMITS)[keyof typeof FIELD_LIMITS];
const WINDOW_MS: Record<FieldLimit['window'], number> = { '1m': 60_000 };
/** Decisions a call may take again after another instance wrote between its read and its write. */
const ATTEMPTS = 20;

export type FieldLimiter = (
  ctx: { principal: { workspace: { id: string } } | null },
  info: GraphQLResolveInfo,
  args: Record<string, unknown>,
  limit: FieldLimit,
) => Promise<void>;

/**
 * Calls of one key run one after another in this process (parallel aliases of a field, parallel
 * requests of a workspace): each decides on the call times the one before it wrote. Keys apart run
 * side by side; a key's queue goes when it is empty. `pending` says how many calls of a key wait or
 * run, so a flood can be refused before it queues (it would hold memory and the workspace's other
 * calls for minutes).
 */
function queue() {
  const keys = new Map<string, { tail: Promise<unknown>; pending: number }>();
  return {
    pending: (key: string) => keys.get(key)?.pending ?? 0,
    inTurn<T>(key: string, run: () => Promise<T>): Promise<T> {
      const entry = keys.get(key) ?? { tail: Promise.resolve(), pending: 0 };
      keys.set(key, entry);
      entry.pending++;
      const mine = entry.tail.then(run);
      entry.tail = mine.then(
        () => undefined,
        () => undefined,
      );
      void mine
        .catch(() => undefined)
        .then(() => {
          if (--entry.pending === 0 && keys.get(key) === entry) keys.delete(key);
        });
      return mine;
    },
  };
}

const tooManyAtOnce = (fieldName: string) => new LskError('rate_limited', `Too many ${fieldName} calls at once: try again.`, { retryAfter: 1 });

export function createFieldLimiter(counters: CountersRepository): FieldLimiter {
  const store = new CounterBackedStore(counters);
  const calls = queue();
  let limiter: ReturnType<typeof getGraphQLRateLimiter> | undefined;
  return async (ctx, info, args, limit) => {
    limiter ??= (await rateLimitLibrary()).getGraphQLRateLimiter({
      identifyContext: (c: { principal: { workspace: { id: string } } | null }) => c.principal?.workspace.id ?? 'anonymous',
      store,
    });
    const decide = limiter;
    const identity: Identity = { contextIdentity: ctx.principal?.workspace.id ?? 'anonymous', fieldIdentity: info.fieldName };
    const key = storeKey(identity);
    // As many calls of the key as its limit already wait: this one could not pass before they are decided. Refused unread.
    if (calls.pending(key) >= limit.max) throw tooManyAtOnce(info.fieldName);
    const message = await calls.inTurn(key, async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await decide({ parent: undefined, args, context: ctx, info }, { max: limit.max, window: limit.window, uncountRejected: true });
        } catch (e) {
          store.forget(identity);
          if (!(e instanceof StaleRead)) throw e;
          // Other instances keep writing first: refuse for now rather than let the call pass uncounted.
          if (attempt === ATTEMPTS) throw tooManyAtOnce(info.fieldName);
        }
      }
    });
    if (message) {
      // graphql-rate-limit says only "no": the wait is until the oldest call leaves the window.
      const windowMs = WINDOW_MS[limit.window];
      const calls = await store.calls(identity);
      const oldest = Math.min(...calls.filter((t) => t + windowMs > Date.now()));
      const retryAfter = Number.isFinite(oldest) ? Math.max(1, Math.ceil((oldest + windowMs - Date.now()) / 1000)) : 1;
      throw new LskError('rate_limited', `Too many ${info.fieldName} calls: at most ${limit.max} per ${limit.window}.`, { retryAfter });
    }
  };
}
