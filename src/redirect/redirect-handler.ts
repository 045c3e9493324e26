import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../config/env.js';
import type { Clock } from '../domain/clock.js';
import { LskError } from '../domain/errors.js';
import { aliasProblems, normalizeHost } from '../domain/field-rules.js';
import type { ClicksRepository } from '../storage/clicks/repository.js';
import type { LinksRepository } from '../storage/links/repository.js';
import type { SharedClickCaps } from './click-caps.js';
import type { ClickRecorder } from './click-recorder.js';
import { type CityLookup, type GeoLookup, placeOf, requestAddress } from './geo.js';
import { type CachedLink, LinkCache } from './link-cache.js';
import { decide, resolveTarget, target } from './link-rules.js';
import { withQuery } from './location.js';
import { DISABLED_PAGE, EXPIRED_PAGE, NOT_FOUND_PAGE, refuse, wantsJson } from './pages.js';
import { PasswordForm } from './password-form.js';
import { StaleIfError } from './stale-if-error.js';
import { classify, Memo, type Visitor } from './user-agent.js';
import { languageOf, mergeUtm, passedQuery, referrerOf, utmOfQuery, utmOfTarget } from './visit-facts.js';

export interface RedirectOptions {
  /**
   * How long a cached entry is trusted before it is read again. Infinity on the embedded store (one
   * instance: every change invalidates at once); 2 s on MongoDB, so a change made through another
   * instance is seen here within 2 s.
   */
  cacheTtlMs: number;
  /** The click totals, read with a capped link (its count is then kept here). */
  totals: Pick<ClicksRepository, 'totals'>;
  /** Capped links are re-read (with their stored click total) at least this often: the click writer's interval on MongoDB. */
  cappedTtlMs?: number;
  /** How long after its last read a link may be served when the store cannot be read (LSK_STALE_MAX_S; default 0: never). */
  staleMaxMs?: number;
  /** Whether a link answers link_disabled (disabled, suspended workspace, blocked target): synchronous, asked on every visit. */
  stops?: (link: CachedLink) => boolean;
  /** Region and city from a city database (when no trusted header names them). */
  city?: CityLookup | null;
  /** Where a capped link's clicks are taken when instances share the store (MongoDB); else they are taken here, in memory. */
  caps?: SharedClickCaps;
}

/** Host header -> normalized host, or null when it is not one. */
function hostOf(header: string): string | null {
  const r = normalizeHost(header);
  return 'problem' in r ? null : r.host;
}

/** A two-letter country code from a trusted header, upper-cased; null for anything else. */
function countryCode(v: string | string[] | undefined): string | null {
  if (typeof v !== 'string' || v.length !== 2) return null;
  const a = v.charCodeAt(0) | 32;
  const b = v.charCodeAt(1) | 32;
  return a >= 97 && a <= 122 && b >= 97 && b <= 122 ? v.toUpperCase() : null;
}

/**
 * The redirect hot path, straight on node:http: Host + path -> cached link -> Location, answered
 * synchronously; the visit goes to in-memory counters. Only a cache miss waits (on one indexed read).
 * A plain link (no expiry, cap, password or device targets; known when cached) skips every other
 * check; the others follow the order of docs/adr/0020.
 */
export class RedirectHandler {
  readonly cache: LinkCache;
  readonly stale = new StaleIfError();
  private readonly hosts = new Memo(hostOf, 10_000, 300);
  private readonly form: PasswordForm;

  constructor(
    private readonly links: Pick<LinksRepository, 'findRedirect'>,
    private readonly config: Config,
    private readonly geo: GeoLookup | null,
    private readonly clicks: ClickRecorder,
    private readonly clock: Clock,
    private readonly opts: RedirectOptions,
  ) {
    this.cache = new LinkCache(100_000, 10_000, opts.cacheTtlMs, 30_000, opts.cappedTtlMs, opts.staleMaxMs);
    this.form = new PasswordForm(config);
  }

  invalidate(domain: string, alias: string): void {
    this.cache.invalidate(LinkCache.key(domain, alias));
  }

  /**
   * Answers a GET or HEAD; returns a promise only when it had to read the store (a cache miss) or
   * failed (a rejected one: the caller answers the error).
   */
  handle(req: IncomingMessage, res: ServerResponse, requestId: string): Promise<void> | undefined {
    try {
      return this.route(req, res, requestId);
    } catch (e) {
      return Promise.reject(e);
    }
  }

  /** A POST of the password form: the right password redirects (302) and counts a click. */
  async post(req: IncomingMessage, res: ServerResponse, requestId: string): Promise<void> {
    const now = this.clock.now().getTime();
    const found = this.lookup(req, now);
    const link = found === null || !('then' in found) ? found : await found;
    if (link === null) return this.notFound(req, res, requestId);
    if (this.opts.stops?.(link)) return this.disabled(req, res, requestId);
    const d = decide(link, now);
    if (d.kind === 'expired') return this.expired(req, res, requestId, d.to);
    if (d.kind === 'go' || link.passwordHash === null) {
      throw new LskError('method_not_allowed', 'POST is allowed only on password-protected links.', { headers: { allow: 'GET, HEAD' } });
    }
    const protectedLink = { id: link.id, passwordHash: link.passwordHash };
    if ((await this.form.check(req, res, requestId, protectedLink, this.clientOf(req), now)) !== 'right') return;
    const country = this.country(req);
    await this.go(req, res, requestId, link, target(link, req.headers['user-agent'], country), now, country, 302);
  }

  /** The link a request names: cached, read, null (unknown) or undefined (not a short-link path: answered 404 by the caller). */
  lookup(req: IncomingMessage, nowMs: number): CachedLink | null | Promise<CachedLink | null> {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const alias = q >= 0 ? url.slice(1, q) : url.slice(1);
    const header = req.headers.host;
    const host = header ? this.hosts.get(header) : null;
    if (host === null) return null;
    const key = LinkCache.key(host, alias);
    // Only valid aliases are ever cached, so a hit needs no validation.
    const link = this.cache.get(key, nowMs);
    if (link !== undefined) return link;
    if (aliasProblems(alias).length > 0) return null;
    const stale = this.cache.stale(key, nowMs);
    if (stale === undefined || !this.stale.failing) return this.load(host, alias, key, nowMs, stale);
    // The store is failing: answer from the cache now; re-read in the background.
    this.stale.probe(nowMs, () => this.load(host, alias, key, nowMs));
    return this.stale.serve(stale);
  }

  private route(req: IncomingMessage, res: ServerResponse, requestId: string): Promise<void> | undefined {
    const url = req.url ?? '/';
    if (url === '/' || url.startsWith('/?')) return this.send(req, res, requestId, this.config.rootUrl);
    const now = this.clock.now().getTime();
    const link = this.lookup(req, now);
    if (link === null || !('then' in link)) return this.answer(req, res, requestId, link, now);
    return link.then((found) => this.answer(req, res, requestId, found, now));
  }

  /** Reads a link (and a capped link's clicks) into the cache; when that fails, answers `stale` if given. */
  private async load(host: string, alias: string, key: string, nowMs: number, stale?: CachedLink): Promise<CachedLink | null> {
    const generation = this.cache.generation;
    try {
      const found = await this.links.findRedirect(host, alias);
      const clicks = found?.maxClicks != null ? await this.countedClicks(found.id) : 0;
      this.stale.succeeded();
      return this.cache.set(key, found, nowMs, generation, clicks);
    } catch (e) {
      this.stale.failed(nowMs);
      if (stale === undefined) throw e;
      return this.stale.serve(stale);
    }
  }

  /**
   * A capped link's clicks: the stored total plus what this instance counted and has not written,
   * read while no click write is under way (else the two could both hold, or both miss, a batch).
   */
  private async countedClicks(id: string): Promise<number> {
    for (let attempt = 0; ; attempt++) {
      await this.clicks.idle();
      const writes = this.clicks.writes;
      const stored = (await this.opts.totals.totals([id])).get(id)?.clicks ?? 0;
      if ((!this.clicks.busy && this.clicks.writes === writes) || attempt >= 3) return stored + this.clicks.unwritten(id);
    }
  }

  private answer(req: IncomingMessage, res: ServerResponse, requestId: string, link: CachedLink | null, now: number): Promise<void> | undefined {
    if (link === null) return this.notFound(req, res, requestId);
    if (this.opts.stops?.(link)) return this.disabled(req, res, requestId);
    if (link.plain) {
      const country = this.country(req);
      return this.go(req, res, requestId, link, resolveTarget(link, country), now, country);
    }
    const d = decide(link, now);
    if (d.kind === 'expired') return this.expired(req, res, requestId, d.to);
    if (d.kind === 'password') return this.form.show(req, res, requestId);
    const country = this.country(req);
    return this.go(req, res, requestId, link, target(link, req.headers['user-agent'], country), now, country);
  }

  /**
   * Steps 3-5 reached: redirect to `to` (plus the incoming query string) and count a GET's click (a
   * POSTed form's too). A capped link's click is taken first (reserve, then redirect): here in memory
   * on one instance, from the shared store when instances share it; none left answers as step 1.
   */
  go(
    req: IncomingMessage,
    res: ServerResponse,
    requestId: string,
    link: CachedLink,
    to: string,
    now: number,
    country: string | null,
    status: number = this.config.redirectStatus,
  ): Promise<void> | undefined {
    if (req.method === 'HEAD') return this.send(req, res, requestId, to, status, passedQuery(req.url)?.query);
    const visitor = classify(req.headers['user-agent']);
    if (link.maxClicks !== null && !visitor.bot) {
      if (this.opts.caps) {
        return this.opts.caps.take(link).then((won) => {
          if (!won) return this.expired(req, res, requestId, link.expiredUrl);
          link.clicks++;
          return this.served(req, res, requestId, link, to, now, country, status, visitor);
        });
      }
      if (link.clicks >= link.maxClicks) return this.expired(req, res, requestId, link.expiredUrl);
      link.clicks++;
    }
    return this.served(req, res, requestId, link, to, now, country, status, visitor);
  }

  private served(
    req: IncomingMessage,
    res: ServerResponse,
    requestId: string,
    link: CachedLink,
    to: string,
    now: number,
    country: string | null,
    status: number,
    visitor: Visitor,
  ): undefined {
    const passed = passedQuery(req.url);
    this.send(req, res, requestId, to, status, passed?.query);
    const ref = referrerOf(req.headers.referer);
    const place = placeOf(req.headers, country, this.config, this.opts.city, () => this.clientOf(req));
    this.clicks.count({
      linkId: link.id,
      workspaceId: link.workspaceId,
      domain: link.domain,
      atMs: now,
      visitor,
      country,
      region: place.region,
      city: place.city,
      referrer: ref?.host ?? null,
      referrerUrl: ref?.url ?? null,
      // Each UTM parameter of the visited URL, else of the target (each target parsed once).
      utm: mergeUtm(passed ? utmOfQuery(passed.query) : null, utmOfTarget(to)),
      trigger: passed?.qr ? 'qr' : 'link',
      language: languageOf(req.headers['accept-language']),
      variant: null,
    });
    return undefined;
  }

  /** Redirect to `to` with the incoming query string (`query`: the one passed on, when it differs from the request's). */
  private send(req: IncomingMessage, res: ServerResponse, requestId: string, to: string, status = 302, query?: string): undefined {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const incoming = query ?? (q >= 0 ? url.slice(q + 1) : '');
    res.writeHead(status, {
      location: incoming ? withQuery(to, incoming) : to,
      'x-request-id': requestId,
      'cache-control': 'private, max-age=0',
      'content-length': '0',
    });
    res.end();
    return undefined;
  }

  /** Step 1: expired or exhausted: to expired_url when set, else 410. Not a click. */
  expired(req: IncomingMessage, res: ServerResponse, requestId: string, to: string | null): undefined {
    if (to !== null) return this.send(req, res, requestId, to);
    return refuse(req, res, requestId, 410, 'link_expired', 'This link has expired.', EXPIRED_PAGE);
  }

  /** A disabled link (or one of a suspended workspace, or with a target on a blocked host): 403, not a click. */
  disabled(req: IncomingMessage, res: ServerResponse, requestId: string): undefined {
    return refuse(req, res, requestId, 403, 'link_disabled', 'This link has been disabled.', DISABLED_PAGE);
  }

  /** The trusted country header when configured, else the client address in the IP database. */
  country(req: IncomingMessage): string | null {
    const h = this.config.countryHeader;
    if (h) return countryCode(req.headers[h]);
    if (!this.geo) return null;
    return this.geo.country(this.clientOf(req));
  }

  clientOf(req: IncomingMessage): string {
    return requestAddress(req, this.config.trustProxy);
  }

  notFound(req: IncomingMessage, res: ServerResponse, requestId: string): undefined {
    if (!wantsJson(req) && this.config.notFoundUrl) return this.send(req, res, requestId, this.config.notFoundUrl);
    return refuse(req, res, requestId, 404, 'not_found', 'Link not found.', NOT_FOUND_PAGE);
  }
}
