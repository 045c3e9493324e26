import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Config } from '../config/env.js';
import type { Clock } from '../domain/clock.js';
import { LskError } from '../domain/errors.js';
import { aliasProblems, normalizeHost } from '../domain/field-rules.js';
import { tagErrorCode } from '../observability/request-tags.js';
import type { ClicksRepository } from '../storage/clicks/repository.js';
import type { DomainsRepository } from '../storage/domains/repository.js';
import type { LinksRepository } from '../storage/links/repository.js';
import type { RandomSource } from './adapt/variants.js';
import { VisitFacts } from './adapt/visit-facts.js';
import { placePath, restBelow } from './adapt/wildcard.js';
import type { ClickRecorder } from './click-recorder.js';
import { clientAddress, type GeoLookup } from './geo.js';
import { type CachedLink, LinkCache } from './link-cache.js';
import { decide, resolveTarget, target } from './link-rules.js';
import { withQuery } from './location.js';
import { EXPIRED_PAGE, NOT_FOUND_PAGE, sendJsonError, sendPage } from './pages.js';
import { PasswordForm } from './password-form.js';
import { sendPreview, siteFile } from './site-answers.js';
import { type Site, SiteCache } from './sites.js';
import { StaleIfError } from './stale-if-error.js';
import { classify, Memo, referrerHost } from './user-agent.js';
import { WildcardLookup } from './wildcard-lookup.js';

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
  /** Domain settings (root, not-found and expired URLs, crawlable, app-link files), read per host. */
  domains: Pick<DomainsRepository, 'get'>;
  /** A/B draws (Math.random unless a test injects a seeded source). */
  random?: RandomSource;
  /** The visitor's ISO 3166-2 region (upper case) for `region` rules; unknown unless given. */
  regionOf?: (req: IncomingMessage) => string | null;
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

const wantsJson = (req: IncomingMessage) => (req.headers.accept ?? '').includes('application/json');

/**
 * The redirect hot path, straight on node:http: Host + path -> cached link -> Location, answered
 * synchronously; the visit goes to in-memory counters. Only a cache miss waits (on one indexed read).
 * A plain link (no expiry, cap, password or device targets; known when cached) skips every other
 * check; the others follow the order of docs/adr/0020.
 */
export class RedirectHandler {
  readonly cache: LinkCache;
  readonly stale = new StaleIfError();
  readonly sites: SiteCache;
  private readonly hosts = new Memo(hostOf, 10_000, 300);
  private readonly form: PasswordForm;
  private readonly wildcards: WildcardLookup;
  private readonly random: RandomSource;

  constructor(
    private readonly links: Pick<LinksRepository, 'findRedirect' | 'findRedirects'>,
    private readonly config: Config,
    private readonly geo: GeoLookup | null,
    private readonly clicks: ClickRecorder,
    private readonly clock: Clock,
    private readonly opts: RedirectOptions,
  ) {
    this.cache = new LinkCache(100_000, 10_000, opts.cacheTtlMs, 30_000, opts.cappedTtlMs, opts.staleMaxMs);
    this.form = new PasswordForm(config);
    this.sites = new SiteCache(opts.domains, config, opts.cacheTtlMs);
    this.wildcards = new WildcardLookup(this.cache, links, this.sites, this.stale, (id) => this.countedClicks(id));
    this.random = opts.random ?? Math.random;
  }

  invalidate(domain: string, alias: string): void {
    this.cache.invalidate(LinkCache.key(domain, alias));
  }

  /** A domain's settings changed: its cached settings and links go. */
  invalidateSite(host: string): void {
    this.sites.invalidate(host);
    this.cache.forgetDomain(host);
  }

  /** The normalized host a request names, or null. */
  hostOf(req: IncomingMessage): string | null {
    const header = req.headers.host;
    return header ? this.hosts.get(header) : null;
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
    const d = decide(link, now);
    if (d.kind === 'expired') return this.expired(req, res, requestId, d.to && this.placed(req, link, d.to), link.noindex);
    if (d.kind === 'go' || link.passwordHash === null) {
      throw new LskError('method_not_allowed', 'POST is allowed only on password-protected links.', { headers: { allow: 'GET, HEAD' } });
    }
    const protectedLink = { id: link.id, passwordHash: link.passwordHash };
    if ((await this.form.check(req, res, requestId, protectedLink, this.clientOf(req), now)) !== 'right') return;
    this.visit(req, res, requestId, link, now, 302);
  }

  /** The link a request names: cached, read, null (unknown) or undefined (not a short-link path: answered 404 by the caller). */
  lookup(req: IncomingMessage, nowMs: number): CachedLink | null | Promise<CachedLink | null> {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const alias = q >= 0 ? url.slice(1, q) : url.slice(1);
    const host = this.hostOf(req);
    if (host === null) return null;
    const key = LinkCache.key(host, alias);
    // Only valid aliases are ever cached, so a hit needs no validation.
    const link = this.cache.get(key, nowMs);
    if (link) return link;
    // Below a first segment, a wildcard alias may answer (one cache key, or one indexed read, per segment).
    if (alias.includes('/')) return this.wildcards.find(host, alias, nowMs, link);
    if (link === null) return null;
    if (aliasProblems(alias).length > 0) return null;
    const stale = this.cache.stale(key, nowMs);
    if (stale === undefined || !this.stale.failing) return this.load(host, alias, key, nowMs, stale);
    // The store is failing: answer from the cache now; re-read in the background.
    this.stale.probe(nowMs, () => this.load(host, alias, key, nowMs));
    return this.stale.serve(stale);
  }

  private route(req: IncomingMessage, res: ServerResponse, requestId: string): Promise<void> | undefined {
    const url = req.url ?? '/';
    const now = this.clock.now().getTime();
    if (url === '/' || url.startsWith('/?')) return this.withSite(req, now, (site) => this.send(req, res, requestId, site.rootUrl, 302, !site.crawlable));
    if (url.startsWith('/robots.txt') || url.startsWith('/.well-known/')) {
      // A file the domain does not have is a plain 404 (apps probing for it must not be redirected).
      return this.withSite(req, now, (site) => siteFile(req, res, requestId, site, () => this.notFoundPage(req, res, requestId, wantsJson(req))));
    }
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
      const site = found === null ? undefined : await this.sites.site(host, nowMs);
      this.stale.succeeded();
      return this.cache.set(key, found, nowMs, generation, clicks, site);
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
    if (link.plain) {
      const country = this.country(req);
      return this.go(req, res, requestId, link, resolveTarget(link, country), now, country);
    }
    const d = decide(link, now);
    if (d.kind === 'expired') return this.expired(req, res, requestId, d.to && this.placed(req, link, d.to), link.noindex);
    if (link.preview !== null && classify(req.headers['user-agent']).bot) return sendPreview(req, res, requestId, link, this.pathOf(req));
    if (d.kind === 'password') return this.form.show(req, res, requestId);
    return this.visit(req, res, requestId, link, now, this.config.redirectStatus);
  }

  /** Steps 3-6 for a visit past steps 1 and 2: where it goes (rules compiled when cached; nothing awaited), then the redirect. */
  private visit(req: IncomingMessage, res: ServerResponse, requestId: string, link: CachedLink, now: number, status: number): undefined {
    const country = this.country(req);
    const facts = new VisitFacts(req, now, country, this);
    return this.go(req, res, requestId, link, this.placed(req, link, target(link, facts, this.random)), now, country, status, facts);
  }

  /** The visited path, without its leading slash and query string. */
  private pathOf(req: IncomingMessage): string {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    return q >= 0 ? url.slice(1, q) : url.slice(1);
  }

  /** A wildcard link's target with the rest of the visited path placed in it; others' as they are. */
  private placed(req: IncomingMessage, link: CachedLink, to: string): string {
    return link.wildcard ? placePath(to, restBelow(link.alias, this.pathOf(req))) : to;
  }

  /** The visitor's region, for `region` rules (FactSources). */
  regionOf(req: IncomingMessage): string | null {
    return this.opts.regionOf?.(req) ?? null;
  }

  /** Runs `then` with the settings of the request's host: at once when cached, else after one read. */
  private withSite(req: IncomingMessage, now: number, then: (site: Site) => Promise<void> | undefined): Promise<void> | undefined {
    const site = this.sites.site(this.hostOf(req), now);
    if ('then' in site) return site.then(then);
    return then(site);
  }

  /** Steps 3-6 decided: redirect to `to` (plus the incoming query string) and count a GET's click (a POSTed form's too). */
  go(
    req: IncomingMessage,
    res: ServerResponse,
    requestId: string,
    link: CachedLink,
    to: string,
    now: number,
    country: string | null,
    status: number = this.config.redirectStatus,
    facts?: VisitFacts,
  ): undefined {
    this.send(req, res, requestId, to, status, link.noindex, facts?.cookie ?? null);
    if (req.method !== 'HEAD') {
      const visitor = classify(req.headers['user-agent']);
      if (link.maxClicks !== null && !visitor.bot) link.clicks++;
      this.clicks.count({
        linkId: link.id,
        workspaceId: link.workspaceId,
        atMs: now,
        visitor,
        country,
        referrer: referrerHost(req.headers.referer),
        variant: facts?.variant ?? null,
      });
    }
    return undefined;
  }

  /** A redirect: `to` plus the incoming query string; X-Robots-Tag unless the domain is crawlable; a variant's cookie. */
  private send(
    req: IncomingMessage,
    res: ServerResponse,
    requestId: string,
    to: string,
    status = 302,
    noindex = true,
    cookie: string | null = null,
  ): undefined {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const headers: OutgoingHttpHeaders = {
      location: q >= 0 ? withQuery(to, url.slice(q + 1)) : to,
      'x-request-id': requestId,
      'cache-control': 'private, max-age=0',
      'content-length': '0',
    };
    if (noindex) headers['x-robots-tag'] = 'noindex';
    if (cookie !== null) headers['set-cookie'] = cookie;
    res.writeHead(status, headers);
    res.end();
    return undefined;
  }

  /** Step 1: expired or exhausted: to expired_url (the link's, else its domain's) when set, else 410. Not a click. */
  expired(req: IncomingMessage, res: ServerResponse, requestId: string, to: string | null, noindex = true): undefined {
    if (to !== null) return this.send(req, res, requestId, to, 302, noindex);
    tagErrorCode(res, 'link_expired');
    const head = req.method === 'HEAD';
    if (wantsJson(req)) sendJsonError(res, 410, 'link_expired', 'This link has expired.', head, requestId);
    else sendPage(res, 410, EXPIRED_PAGE, head, requestId);
    return undefined;
  }

  /** The trusted country header when configured, else the client address in the IP database. */
  country(req: IncomingMessage): string | null {
    const h = this.config.countryHeader;
    if (h) return countryCode(req.headers[h]);
    if (!this.geo) return null;
    return this.geo.country(this.clientOf(req));
  }

  clientOf(req: IncomingMessage): string {
    return clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], this.config.trustProxy);
  }

  /** An unknown alias: to the domain's not_found_url (else LSK_NOT_FOUND_URL) when set, else 404. */
  notFound(req: IncomingMessage, res: ServerResponse, requestId: string): Promise<void> | undefined {
    const json = wantsJson(req);
    if (json) return this.notFoundPage(req, res, requestId, true);
    return this.withSite(req, this.clock.now().getTime(), (site) =>
      site.notFoundUrl === null ? this.notFoundPage(req, res, requestId, false) : this.send(req, res, requestId, site.notFoundUrl, 302, !site.crawlable),
    );
  }

  private notFoundPage(req: IncomingMessage, res: ServerResponse, requestId: string, json: boolean): undefined {
    tagErrorCode(res, 'not_found');
    const head = req.method === 'HEAD';
    if (json) sendJsonError(res, 404, 'not_found', 'Link not found.', head, requestId);
    else sendPage(res, 404, NOT_FOUND_PAGE, head, requestId);
    return undefined;
  }
}
