import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../config/env.js';
import type { Clock } from '../domain/clock.js';
import { LskError } from '../domain/errors.js';
import { ALIAS_MAX, aliasProblems, normalizeHost } from '../domain/field-rules.js';
import type { LinksRepository } from '../storage/links/repository.js';
import type { RandomSource } from './adapt/variants.js';
import { VisitFacts } from './adapt/visit-facts.js';
import { pathOf, placedTarget } from './adapt/wildcard.js';
import { sendDisabled, sendExpired, sendNotFound, sendRedirect } from './answers.js';
import type { CachedLink } from './cached-link.js';
import type { ClickRecorder } from './click-recorder.js';
import { countryCode, type GeoLookup, placeOf, requestAddress } from './geo.js';
import { LinkCache } from './link-cache.js';
import { LinkReads } from './link-reads.js';
import { decide, resolveTarget, target } from './link-rules.js';
import { wantsJson } from './pages.js';
import { PasswordForm } from './password-form.js';
import { isPreviewCrawler } from './preview-crawler.js';
import type { RedirectOptions } from './redirect-options.js';
import { sendPreview, siteFile } from './site-answers.js';
import { type Site, SiteCache } from './sites.js';
import { StaleIfError } from './stale-if-error.js';
import { classify, Memo, type Visitor } from './user-agent.js';
import { languageOf, mergeUtm, passedQuery, referrerOf, utmOfQuery, utmOfTarget } from './visit-facts.js';
import { WildcardLookup } from './wildcard-lookup.js';

/** Host header -> normalized host, or null when it is not one. */
function hostOf(header: string): string | null {
  const r = normalizeHost(header);
  return 'problem' in r ? null : r.host;
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
  readonly sites: SiteCache;
  private readonly hosts = new Memo(hostOf, 10_000, 300);
  private readonly form: PasswordForm;
  private readonly wildcards: WildcardLookup;
  private readonly random: RandomSource;
  private readonly reads: LinkReads;

  constructor(
    links: Pick<LinksRepository, 'findRedirect' | 'findRedirects'>,
    private readonly config: Config,
    private readonly geo: GeoLookup | null,
    private readonly clicks: ClickRecorder,
    private readonly clock: Clock,
    private readonly opts: RedirectOptions,
  ) {
    this.cache = new LinkCache(100_000, 10_000, opts.cacheTtlMs, 30_000, opts.cappedTtlMs, opts.staleMaxMs);
    this.form = new PasswordForm(config);
    this.sites = new SiteCache(opts.domains, config, opts.cacheTtlMs);
    this.reads = new LinkReads(this.cache, links, this.sites, this.stale, clicks, opts.totals);
    this.wildcards = new WildcardLookup(this.cache, links, this.sites, this.stale, (ws, id) => this.reads.countedClicks(ws, id));
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
    if (link === null || this.opts.gone?.(link)) return this.notFound(req, res, requestId);
    if (this.opts.stops?.(link)) return sendDisabled(req, res, requestId);
    const d = decide(link, now);
    if (d.kind === 'expired') return sendExpired(req, res, requestId, d.to && this.placed(req, link, d.to), link.noindex);
    if (d.kind === 'go' || link.passwordHash === null) {
      throw new LskError('method_not_allowed', 'POST is allowed only on password-protected links.', { headers: { allow: 'GET, HEAD' } });
    }
    const protectedLink = { id: link.id, passwordHash: link.passwordHash };
    if ((await this.form.check(req, res, requestId, protectedLink, this.clientOf(req), now)) !== 'right') return;
    await this.visit(req, res, requestId, link, now, 302);
  }

  /** The link a request names: cached, read, null (unknown) or undefined (not a short-link path: answered 404 by the caller). */
  lookup(req: IncomingMessage, nowMs: number): CachedLink | null | Promise<CachedLink | null> {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const alias = q >= 0 ? url.slice(1, q) : url.slice(1);
    const host = this.hostOf(req);
    if (host === null) return null;
    const key = LinkCache.key(host, alias);
    // Only valid aliases (at most ALIAS_MAX characters) are cached: a hit needs no validation, a longer path no hashing.
    const link = alias.length > ALIAS_MAX ? undefined : this.cache.get(key, nowMs);
    if (link) return link;
    // Below a first segment, a wildcard alias may answer (one cache key, or one indexed read, per segment).
    if (alias.includes('/')) return this.wildcards.find(host, alias, nowMs, link);
    if (link === null) return null;
    if (aliasProblems(alias).length > 0) return null;
    const stale = this.cache.stale(key, nowMs);
    if (stale === undefined || !this.stale.failing) return this.reads.load(host, alias, key, nowMs, stale);
    // The store is failing: answer from the cache now; re-read in the background.
    this.stale.probe(nowMs, () => this.reads.load(host, alias, key, nowMs));
    return this.stale.serve(stale);
  }

  private route(req: IncomingMessage, res: ServerResponse, requestId: string): Promise<void> | undefined {
    const url = req.url ?? '/';
    const now = this.clock.now().getTime();
    if (url === '/' || url.startsWith('/?')) return this.withSite(req, now, (site) => sendRedirect(req, res, requestId, site.rootUrl, 302, !site.crawlable));
    if (url.startsWith('/robots.txt') || url.startsWith('/.well-known/')) {
      // A file the domain does not have is a plain 404 (apps probing for it must not be redirected).
      return this.withSite(req, now, (site) => siteFile(req, res, requestId, site, () => sendNotFound(req, res, requestId)));
    }
    const link = this.lookup(req, now);
    if (link === null || !('then' in link)) return this.answer(req, res, requestId, link, now);
    return link.then((found) => this.answer(req, res, requestId, found, now));
  }

  private answer(req: IncomingMessage, res: ServerResponse, requestId: string, link: CachedLink | null, now: number): Promise<void> | undefined {
    if (link === null || this.opts.gone?.(link)) return this.notFound(req, res, requestId);
    if (this.opts.stops?.(link)) return sendDisabled(req, res, requestId);
    if (link.plain) {
      const country = this.country(req);
      return this.go(req, res, requestId, link, resolveTarget(link, country), now, country);
    }
    const d = decide(link, now);
    if (d.kind === 'expired') return sendExpired(req, res, requestId, d.to && this.placed(req, link, d.to), link.noindex);
    if (link.preview !== null && isPreviewCrawler(req.headers['user-agent'])) return sendPreview(req, res, requestId, link, pathOf(req.url ?? '/'));
    if (d.kind === 'password') return this.form.show(req, res, requestId);
    return this.visit(req, res, requestId, link, now, this.config.redirectStatus);
  }

  /** Steps 3-6 for a visit past steps 1 and 2: where it goes (rules compiled when cached; nothing awaited), then the redirect. */
  private visit(req: IncomingMessage, res: ServerResponse, requestId: string, link: CachedLink, now: number, status: number): Promise<void> | undefined {
    const country = this.country(req);
    const facts = new VisitFacts(req, now, country, this);
    return this.go(req, res, requestId, link, this.placed(req, link, target(link, facts, this.random)), now, country, status, facts);
  }

  /** A wildcard link's target with the rest of the visited path placed in it; others' as they are. */
  private placed(req: IncomingMessage, link: CachedLink, to: string): string {
    return link.wildcard ? placedTarget(link.alias, req.url ?? '/', to) : to;
  }

  /** The visitor's region, for `region` rules (FactSources): the trusted header, else the city database. */
  regionOf(req: IncomingMessage, country: string | null): string | null {
    return placeOf(req.headers, country, this.config, this.opts.city, () => this.clientOf(req)).region;
  }

  /** Runs `then` with the settings of the request's host: at once when cached, else after one read. */
  private withSite(req: IncomingMessage, now: number, then: (site: Site) => Promise<void> | undefined): Promise<void> | undefined {
    const site = this.sites.site(this.hostOf(req), now);
    if ('then' in site) return site.then(then);
    return then(site);
  }

  /**
   * Steps 3-6 decided: redirect to `to` (plus the incoming query string) and count a GET's click (a
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
    facts?: VisitFacts,
  ): Promise<void> | undefined {
    const cookie = facts?.cookie ?? null;
    if (req.method === 'HEAD') return sendRedirect(req, res, requestId, to, status, link.noindex, cookie, passedQuery(req.url)?.query);
    const visitor = facts ? facts.visitor : classify(req.headers['user-agent']);
    if (link.maxClicks !== null && !visitor.bot) {
      // The cap was used up between the check of step 1 and the click: answered as step 1.
      const exhausted = () => sendExpired(req, res, requestId, link.expiredUrl && this.placed(req, link, link.expiredUrl), link.noindex);
      if (this.opts.caps) {
        return this.opts.caps.take(link).then((won) => {
          if (!won) return exhausted();
          link.clicks++;
          return this.served(req, res, requestId, link, to, now, country, status, visitor, facts);
        });
      }
      if (link.clicks >= link.maxClicks) return exhausted();
      link.clicks++;
    }
    return this.served(req, res, requestId, link, to, now, country, status, visitor, facts);
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
    facts: VisitFacts | undefined,
  ): undefined {
    const passed = passedQuery(req.url);
    sendRedirect(req, res, requestId, to, status, link.noindex, facts?.cookie ?? null, passed?.query);
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
      // The variant the draw of step 6 chose (VisitFacts), recorded in the analytics `variants` dimension.
      variant: facts?.variant ?? null,
    });
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
    return requestAddress(req, this.config.trustProxy);
  }

  /** An unknown alias: to the domain's not_found_url (else LSK_NOT_FOUND_URL) when set, else 404. */
  notFound(req: IncomingMessage, res: ServerResponse, requestId: string): Promise<void> | undefined {
    if (wantsJson(req)) return sendNotFound(req, res, requestId);
    return this.withSite(req, this.clock.now().getTime(), (site) =>
      site.notFoundUrl === null ? sendNotFound(req, res, requestId) : sendRedirect(req, res, requestId, site.notFoundUrl, 302, !site.crawlable),
    );
  }
}
