import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../config/env.js';
import type { Clock } from '../domain/clock.js';
import { aliasProblems, normalizeHost } from '../domain/rules.js';
import { tagErrorCode } from '../observability/request-tags.js';
import type { LinksRepository, RedirectTarget } from '../storage/links/repository.js';
import type { ClickRecorder } from './click-recorder.js';
import { clientAddress, type GeoLookup } from './geo.js';
import { LinkCache } from './link-cache.js';
import { resolveTarget, withQuery } from './resolve.js';
import { classify, Memo, referrerHost } from './user-agent.js';

const NOT_FOUND_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Link not found</title></head>' +
  '<body><h1>Link not found</h1><p>This short link does not exist or has been deleted.</p></body></html>';

export interface RedirectOptions {
  /**
   * How long a cached entry is trusted before it is read again. Infinity on the embedded store (one
   * instance: every change invalidates at once); 2 s on MongoDB, so a change made through another
   * instance is seen here within 2 s.
   */
  cacheTtlMs: number;
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
 */
export class RedirectHandler {
  readonly cache: LinkCache;
  private readonly hosts = new Memo(hostOf, 10_000, 300);

  constructor(
    private readonly links: Pick<LinksRepository, 'findRedirect'>,
    private readonly config: Config,
    private readonly geo: GeoLookup | null,
    private readonly clicks: ClickRecorder,
    private readonly clock: Clock,
    opts: RedirectOptions,
  ) {
    this.cache = new LinkCache(100_000, 10_000, opts.cacheTtlMs);
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

  private route(req: IncomingMessage, res: ServerResponse, requestId: string): Promise<void> | undefined {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const alias = q >= 0 ? url.slice(1, q) : url.slice(1);
    const header = req.headers.host;
    const host = header ? this.hosts.get(header) : null;
    if (host === null) return this.notFound(req, res, requestId);
    const key = LinkCache.key(host, alias);
    const now = this.clock.now().getTime();
    // Only valid aliases are ever cached, so a hit needs no validation.
    const link = this.cache.get(key, now);
    if (link !== undefined) return this.answer(req, res, requestId, link, url, q, now);
    if (aliasProblems(alias).length > 0) return this.notFound(req, res, requestId);
    const generation = this.cache.generation;
    return this.links.findRedirect(host, alias).then((found) => {
      this.cache.set(key, found, now, generation);
      this.answer(req, res, requestId, found, url, q, now);
    });
  }

  private answer(req: IncomingMessage, res: ServerResponse, requestId: string, link: RedirectTarget | null, url: string, q: number, now: number): undefined {
    if (link === null) return this.notFound(req, res, requestId);
    const country = this.country(req);
    const target = resolveTarget(link, country);
    res.writeHead(this.config.redirectStatus, {
      location: q >= 0 ? withQuery(target, url.slice(q + 1)) : target,
      'x-request-id': requestId,
      'cache-control': 'private, max-age=0',
      'content-length': '0',
    });
    res.end();
    if (req.method === 'GET') {
      this.clicks.count({
        linkId: link.id,
        workspaceId: link.workspaceId,
        atMs: now,
        visitor: classify(req.headers['user-agent']),
        country,
        referrer: referrerHost(req.headers.referer),
      });
    }
    return undefined;
  }

  /** The trusted country header when configured, else the client address in the IP database. */
  private country(req: IncomingMessage): string | null {
    const h = this.config.countryHeader;
    if (h) return countryCode(req.headers[h]);
    if (!this.geo) return null;
    return this.geo.country(clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], this.config.trustProxy));
  }

  private notFound(req: IncomingMessage, res: ServerResponse, requestId: string): undefined {
    const wantsJson = (req.headers.accept ?? '').includes('application/json');
    tagErrorCode(res, 'not_found');
    const body = wantsJson ? JSON.stringify({ error: { code: 'not_found', message: 'Link not found.', request_id: requestId } }) : NOT_FOUND_HTML;
    res.writeHead(404, {
      'content-type': wantsJson ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'x-request-id': requestId,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return undefined;
  }
}
