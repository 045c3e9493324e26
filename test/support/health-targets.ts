/**
 * Local HTTP targets for destination-health checks: a real server on 127.0.0.1 whose paths answer
 * as a live, dead, slow or redirecting site would, counting the requests each path gets.
 * `/ok` 200; `/missing` 404 (200 once `fixed` lists it); `/head-refused` 405 to HEAD, 200 to GET;
 * `/hang` never answers; `/hop` redirects to 127.0.0.2 (a private address the checks must refuse);
 * `/moved` redirects to `/ok`; any other path: 200.
 */
import { createServer, type Server } from 'node:http';

export interface Targets {
  base: string;
  port: number;
  /** Requests per path, and per method and path (`HEAD /ok`). */
  hits: Map<string, number>;
  /** Paths that answer 200 from now on instead of their failure. */
  fixed: Set<string>;
  close(): Promise<void>;
}

export async function startTargets(): Promise<Targets> {
  const hits = new Map<string, number>();
  const fixed = new Set<string>();
  let port = 0;
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    for (const k of [path, `${req.method} ${path}`]) hits.set(k, (hits.get(k) ?? 0) + 1);
    if (fixed.has(path)) return void res.writeHead(200).end();
    switch (path) {
      case '/missing':
        return void res.writeHead(404).end('gone');
      case '/head-refused':
        return void res.writeHead(req.method === 'HEAD' ? 405 : 200).end();
      case '/hang':
        return; // holds the request open: the checker's timeout decides
      case '/hop':
        return void res.writeHead(302, { location: `http://127.0.0.2:${port}/ok` }).end();
      case '/moved':
        return void res.writeHead(301, { location: '/ok' }).end();
      case '/broken':
        return void res.writeHead(503).end();
      default:
        return void res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>fine</h1>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    hits,
    fixed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
