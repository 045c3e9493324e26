import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../config/project.js';
import { type Encoding, pickEncoding } from '../accept-encoding.js';
import type { ServiceRoute } from '../service-route.js';
import { type DashboardFile, loadDashboard } from './files.js';

/** The app talks to this service only: scripts, styles, data and forms from 'self', no framing. */
export const DASHBOARD_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

const SECURITY = {
  'content-security-policy': DASHBOARD_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
};

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dashboard not built</title></head>
<body><h1>The lsk dashboard is not built</h1>
<p>This installation has no <code>dist/dashboard</code>. Build it with <code>npm run build</code>
(<code>npm install</code> runs it), then restart the service. The API at <code>/graphql</code> and <code>/v1</code> works without it.</p>
</body></html>`;

function send(res: ServerResponse, status: number, type: string, body: Buffer | string, cache: string, head: boolean): void {
  res.writeHead(status, { ...SECURITY, 'content-type': type, 'content-length': Buffer.byteLength(body), 'cache-control': cache });
  res.end(head ? undefined : body);
}

/** A built file in the encoding the client prefers among those built (brotli, gzip), else as it is. */
function sendFile(req: IncomingMessage, res: ServerResponse, file: DashboardFile, cache: string, head: boolean): void {
  const offered = Object.keys(file.encoded) as Encoding[];
  if (offered.length === 0) {
    send(res, 200, file.type, file.body, cache, head);
    return;
  }
  const encoding = pickEncoding(req.headers['accept-encoding'], offered);
  const body = encoding ? file.encoded[encoding]! : file.body;
  res.writeHead(200, {
    ...SECURITY,
    'content-type': file.type,
    'content-length': body.length,
    'cache-control': cache,
    vary: 'Accept-Encoding',
    ...(encoding ? { 'content-encoding': encoding } : {}),
  });
  res.end(head ? undefined : body);
}

/**
 * `/dashboard` and everything below it: the built files from the whitelist read at start; every
 * other path is a page of the app (index.html, never cached, so a new build is seen at once); a
 * missing file that looks like one (`…/x.js`, `/dashboard/assets/…`) is 404. 503 when not built.
 */
export function dashboardRoute(dir = join(PROJECT_ROOT, 'dist/dashboard')): ServiceRoute {
  const app = loadDashboard(dir);
  return {
    label: 'dashboard',
    path: '/dashboard/{page}',
    methods: ['GET', 'HEAD'],
    handle(req, res, url) {
      const head = req.method === 'HEAD';
      if (!app) return send(res, 503, 'text/html; charset=utf-8', NOT_BUILT, 'no-store', head);
      const file = app.files.get(url.pathname);
      if (file && url.pathname !== '/dashboard/index.html') {
        return sendFile(req, res, file, file.hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600', head);
      }
      const last = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
      if (url.pathname.startsWith('/dashboard/assets/') || (/\.[a-z0-9]+$/i.test(last) && url.pathname !== '/dashboard/index.html')) {
        return send(res, 404, 'text/plain; charset=utf-8', `No such file: ${url.pathname}\n`, 'no-store', head);
      }
      sendFile(req, res, app.index, 'no-cache', head);
    },
  };
}
