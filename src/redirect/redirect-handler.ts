import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../config/env.js';
import { aliasProblems, normalizeHost } from '../domain/rules.js';
import type { Store } from '../storage/store.js';
import { LinkCache } from './link-cache.js';
import { resolveTarget, withQuery } from './resolve.js';

const NOT_FOUND_HTML = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Link not found</title></head><body><h1>Link not found</h1><p>This short link does not exist or has been deleted.</p></body></html>';

/**
 * The redirect hot path, straight on node:http: Host + path -> cached link -> Location.
 * No yoga, no Sofa, no await on analytics.
 */
export class RedirectHandler {
  readonly cache = new LinkCache();

  constructor(
    private readonly store: Store,
    private readonly config: Config,
  ) {}

  invalidate(domain: string, alias: string): void {
    this.cache.invalidate(LinkCache.key(domain, alias));
  }

  async handle(req: IncomingMessage, res: ServerResponse, requestId: string): Promise<void> {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const alias = q >= 0 ? url.slice(1, q) : url.slice(1);
    const query = q >= 0 ? url.slice(q + 1) : '';
    const hostHeader = req.headers.host ?? '';
    const host = normalizeHost(hostHeader);
    if ('problem' in host || aliasProblems(alias).length > 0) return this.notFound(req, res, requestId);
    const key = LinkCache.key(host.host, alias);
    const now = Date.now();
    let link = this.cache.get(key, now);
    if (link === undefined) {
      const found = await this.store.findLinkByAlias(host.host, alias);
      this.cache.set(key, found, now);
      link = this.cache.get(key, now) ?? null;
    }
    if (!link) return this.notFound(req, res, requestId);
    const country = this.country(req);
    const location = withQuery(resolveTarget(link, country), query);
    res.writeHead(this.config.redirectStatus, { location, 'x-request-id': requestId, 'cache-control': 'private, max-age=0', 'content-length': '0' });
    res.end();
  }

  private country(req: IncomingMessage): string | null {
    const h = this.config.countryHeader;
    if (!h) return null;
    const v = req.headers[h];
    return typeof v === 'string' && /^[A-Za-z]{2}$/.test(v) ? v.toUpperCase() : null;
  }

  private notFound(req: IncomingMessage, res: ServerResponse, requestId: string): void {
    const wantsJson = (req.headers.accept ?? '').includes('application/json');
    const body = wantsJson
      ? JSON.stringify({ error: { code: 'not_found', message: 'Link not found', request_id: requestId } })
      : NOT_FOUND_HTML;
    res.writeHead(404, {
      'content-type': wantsJson ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'x-request-id': requestId,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }
}
