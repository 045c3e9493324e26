/**
 * The dashboard's static handler against a build folder of the test's own making, through a real
 * node:http server: only files present at start are answered (a file added later, or any path
 * outside the folder, is not), and a missing build answers 503 with a page that says what to do.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardRoute } from '../../src/http/dashboard/route.js';

async function serve(dir: string): Promise<{ base: string; server: Server }> {
  const route = dashboardRoute(dir);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    void route.handle(req, res, url, 'test');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server };
}

describe('the dashboard static handler', () => {
  const root = mkdtempSync(join(tmpdir(), 'lsk-dash-'));
  const build = join(root, 'dist/dashboard');
  let built: { base: string; server: Server };
  let missing: { base: string; server: Server };

  beforeAll(async () => {
    mkdirSync(join(build, 'assets'), { recursive: true });
    writeFileSync(join(build, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(build, 'assets/app-abcdef12.js'), 'console.log(1)');
    writeFileSync(join(build, 'assets/notes.md'), '# not a served type');
    writeFileSync(join(build, 'favicon.svg'), '<svg/>');
    writeFileSync(join(root, 'secret.txt'), 'SECRET');
    built = await serve(build);
    missing = await serve(join(root, 'nowhere'));
  });
  afterAll(() => {
    built.server.close();
    missing.server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers the files read at start, hashed assets immutable and others for an hour', async () => {
    const js = await fetch(`${built.base}/dashboard/assets/app-abcdef12.js`);
    expect(js.status).toBe(200);
    expect(await js.text()).toBe('console.log(1)');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await fetch(`${built.base}/dashboard/favicon.svg`);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('does not answer a file written after start, a type it does not serve, or anything outside the build', async () => {
    writeFileSync(join(build, 'assets/late-12345678.js'), 'late');
    for (const path of ['/dashboard/assets/late-12345678.js', '/dashboard/assets/notes.md', '/dashboard/../secret.txt', '/dashboard/%2e%2e/secret.txt']) {
      const res = await fetch(`${built.base}${path}`);
      const body = await res.text();
      expect(body, path).not.toContain('SECRET');
      expect(body, path).not.toBe('late');
    }
    expect((await fetch(`${built.base}/dashboard/assets/late-12345678.js`)).status).toBe(404);
  });

  it('answers index.html, never cached, for app paths', async () => {
    for (const path of ['/dashboard', '/dashboard/links/lnk_1', '/dashboard/index.html']) {
      const res = await fetch(`${built.base}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toBe('<!doctype html><title>app</title>');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('answers 503 with a page naming the fix when the app is not built', async () => {
    for (const path of ['/dashboard', '/dashboard/links', '/dashboard/assets/app-abcdef12.js']) {
      const res = await fetch(`${missing.base}${path}`);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = await res.text();
      expect(body).toContain('The lsk dashboard is not built');
      expect(body).toContain('npm run build');
    }
  });
});
