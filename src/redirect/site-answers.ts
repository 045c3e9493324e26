import type { IncomingMessage, ServerResponse } from 'node:http';
import { visitedUrl } from './adapt/compile-link.js';
import { previewPage } from './adapt/preview-page.js';
import type { CachedLink } from './cached-link.js';
import { sendPage } from './pages.js';
import type { Site } from './sites.js';

const ROBOTS_CLOSED = 'User-agent: *\nDisallow: /\n';
const ROBOTS_OPEN = 'User-agent: *\nDisallow:\n';

function sendText(req: IncomingMessage, res: ServerResponse, requestId: string, type: string, body: string): undefined {
  res.writeHead(200, {
    'content-type': type,
    'content-length': Buffer.byteLength(body),
    'cache-control': 'public, max-age=300',
    'x-content-type-options': 'nosniff',
    'x-request-id': requestId,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  return undefined;
}

/**
 * The files a short domain serves for crawlers and apps, per Host: /robots.txt (everything
 * disallowed unless the domain is crawlable) and the app-link files its settings hold
 * (/.well-known/apple-app-site-association, /.well-known/assetlinks.json, as application/json).
 * Anything else there is `notFound`.
 */
export function siteFile(req: IncomingMessage, res: ServerResponse, requestId: string, site: Site, notFound: () => undefined) {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q >= 0 ? url.slice(0, q) : url;
  if (path === '/robots.txt') return sendText(req, res, requestId, 'text/plain; charset=utf-8', site.crawlable ? ROBOTS_OPEN : ROBOTS_CLOSED);
  const file = path === '/.well-known/apple-app-site-association' ? site.aasa : path === '/.well-known/assetlinks.json' ? site.assetlinks : null;
  if (file === null) return notFound();
  return sendText(req, res, requestId, 'application/json', file);
}

/** A link-preview crawler visiting a link with `preview`: the share card's page (200), not a redirect; counted as neither click nor bot visit. */
export function sendPreview(req: IncomingMessage, res: ServerResponse, requestId: string, link: CachedLink, path: string): undefined {
  const url = visitedUrl(link.domain, path);
  const html = previewPage({ preview: link.preview!, fallbackTitle: link.title ?? url, url, crawlable: link.crawlable });
  sendPage(res, 200, html, req.method === 'HEAD', requestId, link.noindex ? { 'x-robots-tag': 'noindex' } : {});
  return undefined;
}
