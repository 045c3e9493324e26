import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { GRAPHIQL_DIST } from './graphql/graphiql.js';

const require = createRequire(import.meta.url);
const SWAGGER_DIST = dirname(require.resolve('swagger-ui-dist/package.json'));

/** GraphiQL's page icon (without one, browsers ask for /favicon.ico: a short-link path, 404). */
const GRAPHIQL_ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#e10098"/></svg>\n';

/** Every asset a served page loads, from node_modules: no CDN, works offline. A whitelist, no paths from users. */
const ASSETS: Record<string, { file: string; type: string } | { body: Buffer; type: string }> = {
  '/docs/assets/swagger-ui.css': { file: join(SWAGGER_DIST, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
  '/docs/assets/swagger-ui-bundle.js': { file: join(SWAGGER_DIST, 'swagger-ui-bundle.js'), type: 'text/javascript; charset=utf-8' },
  '/docs/assets/favicon-32x32.png': { file: join(SWAGGER_DIST, 'favicon-32x32.png'), type: 'image/png' },
  '/graphiql/favicon.svg': { body: Buffer.from(GRAPHIQL_ICON), type: 'image/svg+xml' },
  '/graphiql/graphiql.css': { file: join(GRAPHIQL_DIST, 'graphiql.css'), type: 'text/css; charset=utf-8' },
  '/graphiql/yoga-graphiql.umd.js': { file: join(GRAPHIQL_DIST, 'yoga-graphiql.umd.js'), type: 'text/javascript; charset=utf-8' },
  '/graphiql/monacoeditorwork/editor.worker.bundle.js': {
    file: join(GRAPHIQL_DIST, 'monacoeditorwork/editor.worker.bundle.js'),
    type: 'text/javascript; charset=utf-8',
  },
  '/graphiql/monacoeditorwork/json.worker.bundle.js': {
    file: join(GRAPHIQL_DIST, 'monacoeditorwork/json.worker.bundle.js'),
    type: 'text/javascript; charset=utf-8',
  },
  '/graphiql/monacoeditorwork/graphql.worker..bundle.js': {
    file: join(GRAPHIQL_DIST, 'monacoeditorwork/graphql.worker..bundle.js'),
    type: 'text/javascript; charset=utf-8',
  },
};

const cache = new Map<string, Buffer>();

export function isAsset(path: string): boolean {
  return Object.hasOwn(ASSETS, path);
}

export async function sendAsset(res: ServerResponse, path: string, head: boolean): Promise<void> {
  const asset = ASSETS[path]!;
  let body = 'body' in asset ? asset.body : cache.get(path);
  if (!body) {
    body = await readFile((asset as { file: string }).file);
    cache.set(path, body);
  }
  res.writeHead(200, { 'content-type': asset.type, 'content-length': body.length, 'cache-control': 'public, max-age=86400' });
  res.end(head ? undefined : body);
}

export const DOCS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>lsk API reference</title>
<link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script>
window.ui = SwaggerUIBundle({ url: '/v1/openapi.json', dom_id: '#swagger-ui', validatorUrl: null, deepLinking: true,
  persistAuthorization: true, tryItOutEnabled: true, displayOperationId: true });
</script></body></html>`;
