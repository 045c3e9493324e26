import type { IncomingMessage } from 'node:http';
import type { Principal } from '../../auth/principal.js';
import { LskError } from '../../domain/errors.js';
import { type RateLimiter, rateLimitHeaders } from '../../limits/rate-limit.js';
import { requestAddress } from '../../redirect/geo.js';
import type { Services } from '../../wiring/all-services.js';
import type { Authenticator } from './authenticators.js';

/** Failed authentications allowed per client address per minute before answers become 429. */
export const AUTH_FAILURES_PER_MINUTE = 30;

export interface GuardOptions {
  services: Services;
  limiter: RateLimiter;
  /** Asked in order; the first that recognises its credential decides. */
  authenticators: readonly Authenticator[];
  /** GraphQL requests without credentials (introspection, GraphiQL) per client address per minute. */
  anonymousPerMinute: number;
}

/**
 * What every API request passes before REST or GraphQL runs anything: who is calling (an ordered
 * list of authenticators; repeated failures from one address are slowed down to 429), and what it
 * costs against the caller's plan (or, without credentials, against a per-address allowance).
 */
export class Guard {
  constructor(private readonly opts: GuardOptions) {}

  clientAddress(req: IncomingMessage): string {
    return requestAddress(req, this.opts.services.config.trustProxy, 'unknown');
  }

  /** The caller, or null when the request carries no credentials at all. */
  async authenticate(req: IncomingMessage): Promise<Principal | null> {
    try {
      for (const authenticate of this.opts.authenticators) {
        const principal = await authenticate(req);
        if (!principal) continue;
        // A deleted workspace is gone at once on every instance, whatever a cache still holds (docs/adr/0177):
        // a key is then no key (401), a member of it no member (403), as when its record is gone.
        if (this.opts.services.abuse.gone(principal.workspace.id)) {
          if (principal.kind === 'key') throw new LskError('invalid_api_key', 'The API key is not valid.');
          throw new LskError('forbidden', `You are not a member of the workspace "${principal.workspace.slug}".`);
        }
        // Its data stays, but nobody acts in a suspended workspace (docs/abuse.md).
        if (this.opts.services.abuse.suspended(principal.workspace.id)) {
          throw new LskError('workspace_suspended', `The workspace "${principal.workspace.slug}" is suspended; contact the operator of this service.`);
        }
        return principal;
      }
      return null;
    } catch (e) {
      if (e instanceof LskError && e.status === 401) {
        // Counted like plan limits: shared by every instance on MongoDB.
        const d = await this.take(`authfail:${this.clientAddress(req)}`, AUTH_FAILURES_PER_MINUTE, 1);
        if (!d.allowed) throw new LskError('rate_limited', 'Too many failed authentication attempts; slow down.', { retryAfter: d.resetSeconds });
      }
      throw e;
    }
  }

  /**
   * Charge `cost` units to the caller's plan: the headers of every authenticated answer (RateLimit,
   * and `no-store`: it holds one caller's data, never for a shared cache or a browser's history), or
   * 429 rate_limited.
   */
  async charge(principal: Principal, cost: number): Promise<Record<string, string>> {
    const headers: Record<string, string> = { 'cache-control': 'no-store' };
    if (principal.rotatedKey) headers['lsk-rotated-key'] = principal.rotatedKey;
    if (cost <= 0) return headers;
    // A dashboard user counts against their own limit (LSK_SESSION_RPM), not the workspace's plan.
    const [key, limit] =
      principal.kind === 'user'
        ? [`user:${principal.user.id}`, this.opts.services.config.sessionRpm]
        : [principal.workspace.id, principal.workspace.rateLimitRpm];
    const d = await this.take(key, limit, cost);
    Object.assign(headers, rateLimitHeaders(d));
    if (!d.allowed) throw new LskError('rate_limited', `Rate limit of ${d.limit} requests per minute exceeded.`, { retryAfter: d.resetSeconds, headers });
    return headers;
  }

  /** A request without credentials: counted per client address, 429 past the allowance. */
  async chargeAnonymous(req: IncomingMessage): Promise<void> {
    const limit = this.opts.anonymousPerMinute;
    const d = await this.take(`anon:${this.clientAddress(req)}`, limit, 1);
    if (!d.allowed) {
      throw new LskError('rate_limited', `At most ${limit} GraphQL requests per minute without an API key from one address.`, { retryAfter: d.resetSeconds });
    }
  }

  private take(key: string, limit: number, cost: number) {
    return this.opts.limiter.take(key, limit, cost, this.opts.services.clock.now().getTime());
  }
}
