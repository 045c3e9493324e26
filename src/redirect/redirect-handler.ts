import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../config/env.js';
import { aliasProblems, normalizeHost } from '../domain/rules.js';
import { tagErrorCode } from '../observability/request-tags.js';
import type { Store } from '../storage/store.js';
import type { ClickRecorder } from './click-recorder.js';
import { clientAddress, type GeoLookup } from './geo.js';
import { LinkCache } from './link-cache.js';
import { resolveTarget, withQuery } from './resolve.js';
import { classify, referrerHost } from './user-agent.js';

const NOT_FOUND_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Link not found</title></head>' +
  '<body><h1>Link not found</h1><p>This short link does not exist or has been deleted.</p></body></html>';

/** The longest Host header worth looking at: a 253-character name, a colon and a port. */
const MAX_HOST_HEADER = 260;

export interface RedirectOptions {
  /**
   * How long a cached entry is trusted before it is read again. Infinity on the embedded store (one
   * instance: every change invalidates at once); 2 s on MongoDB, so a change made through another
   * instance is seen here within 2 s.
   */
  cacheTtlMs: number;
}

/**
 * The redirect hot path, straight on node:http: Host + path -> cached link -> Location.
 * No yoga, no Sofa, no await on analytics (clicks are queued).
 */
export class RedirectHandler {
  readonly cache: LinkCache;

  constructor(
    private readonly store: Store,
    private readonly config: Config,
    private readonly geo: GeoLookup | null,
    private readonly clicks: ClickRecorder,
    opts: RedirectOptions,
  ) {
    this.cache = new LinkCache(100_000, 10_000, opts.cacheTtlMs);
  }

  private hosts = new Map<string, string | null>();

  /**
   * Host header -> normalized host (or null), memoized: a service sees few distinct hosts. Bounded
   * by count and by key length (no host name is longer than 253 characters, plus a port), so
   * distinct large Host headers cannot grow it.
   */
  private host(header: string | undefined): string | null {
    if (!header) return null;
    let h = this.hosts.get(header);
    if (h === undefined) {
      if (header.length > MAX_HOST_HEADER) return null;
      const r = normalizeHost(header);
      h = 'problem' in r ? null : r.host;
      if (this.hosts.size >= 10_000) this.hosts.clear();
      this.hosts.set(header, h);
    }
    return h;
  }

  invalidate(domain: string, alias: string): void {
    this.cache.invalidate(LinkCache.key(domain, alias));
  }

  async handle(req: IncomingMessage, res: ServerResponse, requestId: string): Promise<void> {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const alias = q >= 0 ? url.slice(1, q) : url.slice(1);
    const query = q >= 0 ? url.slice(q + 1) : '';
    const host = this.host(req.headers.host);
    if (host === null) return this.notFound(req, res, requestId);
    const key = LinkCache.key(host, alias);
    const now = Date.now();
    // Only valid aliases are ever cached, so a hit needs no validation.
    let link = this.cache.get(key, now);
    if (link === undefined) {
      if (aliasProblems(alias).length > 0) return this.notFound(req, res, requestId);
      const generation = this.cache.generation;
      link = await this.store.findRedirect(host, alias);
      this.cache.set(key, link, now, generation);
    }
    if (!link) return this.notFound(req, res, requestId);
    const country = this.country(req);
    const location = withQuery(resolveTarget(link, country), query);
    res.writeHead(this.config.redirectStatus, { location, 'x-request-id': requestId, 'cache-control': 'private, max-age=0', 'content-length': '0' });
    res.end();
    if (req.method === 'GET') {
      const ua = req.headers['user-agent'];
      const visitor = classify(ua);
      this.clicks.record({
        linkId: link.id,
        workspaceId: link.workspaceId,
        at: new Date(now),
        country,
        referrerHost: referrerHost(req.headers.referer),
        device: visitor.device,
        browser: visitor.browser,
        bot: visitor.bot,
      });
    }
  }

  /** The trusted country header when configured, else the client address in the IP database. */
  private country(req: IncomingMessage): string | null {
    const h = this.config.countryHeader;
    if (h) {
      const v = req.headers[h];
      return typeof v === 'string' && /^[A-Za-z]{2}$/.test(v) ? v.toUpperCase() : null;
    }
    if (!this.geo) return null;
    return this.geo.country(clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], this.config.trustProxy));
  }

  private notFound(req: IncomingMessage, res: ServerResponse, requestId: string): void {
    const wantsJson = (req.headers.accept ?? '').includes('application/json');
    tagErrorCode(res, 'not_found');
    const body = wantsJson ? JSON.stringify({ error: { code: 'not_found', message: 'Link not found.', request_id: requestId } }) : NOT_FOUND_HTML;
    res.writeHead(404, {
      'content-type': wantsJson ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'x-request-id': requestId,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }
}
