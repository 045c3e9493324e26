/**
 * /dashboard as the real server serves it from dist/dashboard (built by `npm run build`): the page
 * for every app path, hashed assets cached for ever, the strict CSP and nosniff on every answer,
 * and refusals (unknown files, traversal, other methods). The route reads no store, so one store
 * (SQLite) is enough here; the browser journeys cover both.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lsk, startLsk, visit } from '../support/server.js';

/** A GET with exactly these headers (fetch would add and undo its own compression), the body as bytes. */
function rawGet(base: string, path: string, headers: Record<string, string>): Promise<{ headers: Record<string, unknown>; body: Buffer }> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: Number(u.port), path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const DIST = fileURLToPath(new URL('../../dist/dashboard/', import.meta.url));
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

describe('the dashboard route', () => {
  let lsk: Lsk;
  // The build's files; the .br and .gz beside them are their compressed copies, no paths of their own.
  const assets = readdirSync(join(DIST, 'assets')).filter((a) => !/\.(br|gz)$/.test(a));

  beforeAll(async () => {
    lsk = await startLsk('sqlite');
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  it.each(['/dashboard', '/dashboard/', '/dashboard/links', '/dashboard/links/lnk_x/edit', '/dashboard/set-password', '/dashboard/sign-in?next=%2Flinks'])(
    'answers the app page at %s, never cached, with the CSP and nosniff',
    async (path) => {
      const res = await fetch(`${lsk.base}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-security-policy')).toBe(CSP);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const html = await res.text();
      expect(html).toBe(readFileSync(join(DIST, 'index.html'), 'utf8'));
      expect(html).toMatch(/<script type="module" crossorigin src="\/dashboard\/assets\/index-[\w-]+\.js"><\/script>/);
    },
  );

  it('serves every hashed asset immutable, with its type, the CSP and nosniff', async () => {
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
    for (const name of assets) {
      const res = await fetch(`${lsk.base}/dashboard/assets/${name}`);
      expect(res.status, name).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('content-type')).toBe(name.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toBe(CSP);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(DIST, 'assets', name)))).toBe(true);
      expect(name, 'a content hash in the name').toMatch(/-[\w-]{8}\.(js|css)$/);
    }
  });

  describe('compressed: brotli or gzip as the browser asks, precompressed at build time', () => {
    const js = () => assets.find((a) => a.endsWith('.js'))!;
    it.each([
      ['br', 'br'],
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, br;q=0', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['*', 'br'],
      ['identity', null],
      ['br;q=0, gzip;q=0', null],
    ])('Accept-Encoding %j: %s', async (accept, encoding) => {
      const original = readFileSync(join(DIST, 'assets', js()));
      const res = await rawGet(lsk.base, `/dashboard/assets/${js()}`, { 'accept-encoding': accept });
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers['content-encoding']).toBe(encoding ?? undefined);
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      const plain = encoding === 'br' ? brotliDecompressSync(res.body) : encoding === 'gzip' ? gunzipSync(res.body) : res.body;
      expect(plain.equals(original)).toBe(true);
      if (encoding) expect(res.body.length).toBeLessThan(original.length / 3);
    });

    it('the app page and the stylesheet too, with the same headers otherwise', async () => {
      const page = await rawGet(lsk.base, '/dashboard/links', { 'accept-encoding': 'gzip, br' });
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-security-policy']).toBe(CSP);
      expect(brotliDecompressSync(page.body).toString()).toBe(readFileSync(join(DIST, 'index.html'), 'utf8'));
      const css = assets.find((a) => a.endsWith('.css'))!;
      const style = await rawGet(lsk.base, `/dashboard/assets/${css}`, { 'accept-encoding': 'gzip' });
      expect(style.headers['content-encoding']).toBe('gzip');
      expect(style.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(gunzipSync(style.body).equals(readFileSync(join(DIST, 'assets', css)))).toBe(true);
    });

    it('the compressed copies are no paths of their own', async () => {
      expect((await visit(lsk.base, `/dashboard/assets/${js()}.br`)).status).toBe(404);
      expect((await visit(lsk.base, '/dashboard/index.html.gz')).status).toBe(404);
    });
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await visit(lsk.base, `/dashboard/assets/${assets[0]}`, {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.body).toBe('');
    expect(Number(res.headers['content-length'])).toBe(readFileSync(join(DIST, 'assets', assets[0]!)).length);
  });

  it.each([
    '/dashboard/assets/missing-12345678.js',
    '/dashboard/assets/',
    '/dashboard/nothing.js',
    '/dashboard/assets/..%2f..%2fpackage.json',
    '/dashboard/..%2f..%2fsrc%2fmain.ts',
  ])('refuses %s with 404 (only the files of the build are answered)', async (path) => {
    const res = await visit(lsk.base, path);
    expect(res.status).toBe(404);
    expect(res.headers['content-security-policy']).toBe(CSP);
    expect(res.body).not.toContain('"name": "lsk"');
  });

  it('never answers a file outside the build, whatever the path says', async () => {
    for (const path of [
      '/dashboard/../package.json',
      '/dashboard/%2e%2e/%2e%2e/package.json',
      '/dashboard/..%5c..%5cpackage.json',
      '/dashboard/assets/%2e%2e/index.html',
      '/dashboard//etc/passwd',
    ]) {
      const res = await visit(lsk.base, path);
      expect(res.body, path).not.toContain('"name": "lsk"');
      expect(res.body, path).not.toContain('root:');
      if (res.status === 200) expect(res.body, path).toBe(readFileSync(join(DIST, 'index.html'), 'utf8'));
    }
  });

  it('refuses other methods with 405 and Allow', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const res = await fetch(`${lsk.base}/dashboard/links`, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('method_not_allowed');
    }
  });

  it('leaves look-alike paths to short links (/dashboardx is not the app)', async () => {
    const res = await visit(lsk.base, '/dashboardx', { accept: 'application/json' });
    expect(res.status).toBe(404);
    expect(res.headers['content-security-policy']).toBeUndefined();
  });
});
