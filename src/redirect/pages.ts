import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tagErrorCode } from '../observability/request-tags.js';

/**
 * The visitor-facing pages of short links (404, 410, the password form, 401, 429): one small
 * template with the product name, no script and nothing loaded from anywhere (the style is inline,
 * allowed by its hash in the Content-Security-Policy).
 */
export const PRODUCT_NAME = 'lsk';

const STYLE =
  'body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f5f6f8;color:#1d2330;display:flex;min-height:100vh;align-items:center;justify-content:center}' +
  'main{background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002;padding:2rem;max-width:26rem;width:90%}' +
  'h1{font-size:1.4rem;margin:0 0 .5rem}p{margin:.5rem 0}small{color:#667}' +
  'input{font:inherit;width:100%;box-sizing:border-box;padding:.5rem;margin:.5rem 0;border:1px solid #99a;border-radius:6px}' +
  'button{font:inherit;padding:.5rem 1rem;border:0;border-radius:6px;background:#2b59c3;color:#fff;cursor:pointer}' +
  '.error{color:#b00020}';

export const PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * A whole page; `body` and `head` (more of the head: a preview's meta tags) are trusted HTML (callers
 * escape what they put in them). `index`: leave out the robots noindex (a crawlable domain's preview).
 */
export function page(title: string, body: string, head = '', index = false): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `${index ? '' : '<meta name="robots" content="noindex">'}${head}<title>${escapeHtml(title)} · ${PRODUCT_NAME}</title><style>${STYLE}</style></head>` +
    `<body><main>${body}<p><small>${PRODUCT_NAME}</small></p></main></body></html>`
  );
}

export const NOT_FOUND_PAGE = page('Link not found', '<h1>Link not found</h1><p>This short link does not exist or has been deleted.</p>');
export const EXPIRED_PAGE = page('Link expired', '<h1>This link has expired</h1><p>The short link is no longer active.</p>');
export const DISABLED_PAGE = page(
  'Link disabled',
  '<h1>This link has been disabled</h1><p>The short link was disabled by the operator of this service, for example because it was reported as abuse.</p>',
);
export const TOO_MANY_TRIES_PAGE = page('Too many tries', '<h1>Too many tries</h1><p>Too many wrong passwords. Please wait a minute and try again.</p>');

/** The password form; it posts to the same short URL (query string included). */
export function passwordPage(action: string, wrong: boolean): string {
  const error = wrong ? '<p class="error" role="alert">That password is not right. Try again.</p>' : '';
  return page(
    'Password required',
    `<h1>This link is protected</h1><p>Enter the password to continue.</p>${error}` +
      `<form method="post" action="${escapeHtml(action)}"><label for="password">Password</label>` +
      '<input id="password" name="password" type="password" required minlength="4" maxlength="128" autocomplete="current-password" autofocus>' +
      '<button type="submit">Continue</button></form>',
  );
}

/** Answer an HTML page (no body for HEAD), never cached, with the pages' CSP. */
export function sendPage(res: ServerResponse, status: number, html: string, head: boolean, requestId: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'content-security-policy': PAGE_CSP,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-request-id': requestId,
    ...extra,
  });
  res.end(head ? undefined : html);
}

/** The JSON error a client that asks for JSON gets instead of a page. */
export function sendJsonError(res: ServerResponse, status: number, code: string, message: string, head: boolean, requestId: string): void {
  const body = JSON.stringify({ error: { code, message, request_id: requestId } });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'x-request-id': requestId,
  });
  res.end(head ? undefined : body);
}

export const wantsJson = (req: IncomingMessage) => (req.headers.accept ?? '').includes('application/json');

/** A visit answered with an error, not a click: JSON when the client asks for it, else the page. */
export function refuse(req: IncomingMessage, res: ServerResponse, requestId: string, status: number, code: string, message: string, html: string): undefined {
  tagErrorCode(res, code);
  const head = req.method === 'HEAD';
  if (wantsJson(req)) sendJsonError(res, status, code, message, head, requestId);
  else sendPage(res, status, html, head, requestId);
  return undefined;
}
