/**
 * /dashboard as the real server serves it from dist/dashboard (built by `npm run build`): the page
 * for every app path, hashed assets cached for ever, the strict CSP and nosniff on every answer,
 * and refusals (unknown files, traversal, other methods). The route reads no store, so one store
 * (SQLite) is enough here; the browser journeys cover both.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lsk, startLsk, visit } from '../support/server.js';

const DIST = fileURLToPath(new URL('../../dist/dashboard/', import.meta.url));
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

describe('the dashboard route', () => {
  let lsk: Lsk;
  const assets = readdirSync(join(DIST, 'assets'));

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
