/**
 * The browser SDK as published: `npm pack` of clients/browser, unpacked, and its files loaded in real
 * headless Chromium (Debian's /usr/bin/chromium
 * driven by playwright-core; nothing is downloaded) against the real server: a page served from
 * another origin (a second loopback HTTP server) loads the script-tag build and the ESM build and
 * does links CRUD cross-origin, allowed by LSK_CORS_ORIGINS; a page from an origin not on that list
 * is refused by the browser.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lsk, startLsk } from '../support/server.js';

const CHROMIUM = process.env.LSK_CHROMIUM ?? '/usr/bin/chromium';
const PACKAGE = fileURLToPath(new URL('../../clients/browser/', import.meta.url));
/** The unpacked tarball's dist/ (set in beforeAll). */
let DIST = '';
let packed: { dir: string; files: string[] } | undefined;

/** `npm pack` the package into a temp dir and unpack it: what a user of the tarball gets. */
async function packBrowserPackage(): Promise<{ dir: string; files: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'lsk-browser-pkg-'));
  const sh = promisify(execFile);
  const { stdout } = await sh('npm', ['pack', '--json', '--pack-destination', dir], { cwd: PACKAGE });
  const info = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  await sh('tar', ['xzf', join(dir, info[0]!.filename), '-C', dir]);
  return { dir, files: info[0]!.files.map((f) => f.path).sort() };
}

/** A tiny static server for the page and the two builds (its own origin). */
async function pageServer(): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/' || path === '/index.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><meta charset="utf-8"><title>lsk browser test</title><script src="/lsk.iife.min.js"></script><p>ok</p>');
    } else if (path === '/esm.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><meta charset="utf-8"><script type="module">import * as m from "/lsk.min.js"; window.LskEsm = m;</script>');
    } else if (path === '/lsk.iife.min.js' || path === '/lsk.min.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      res.end(readFileSync(`${DIST}${path.slice(1)}`));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server };
}

let lsk: Lsk;
let key: string;
let browser: Browser;
let allowed: { origin: string; server: Server };
let other: { origin: string; server: Server };

const MISSING = `Chromium not found at ${CHROMIUM}: install Debian's chromium (apt-get install -y chromium, as .ci/run does) or set LSK_CHROMIUM. These tests never download a browser and never skip.`;

beforeAll(async () => {
  packed = await packBrowserPackage();
  DIST = join(packed.dir, 'package/dist/');
  if (!existsSync(CHROMIUM)) return; // every test then fails with MISSING (a failure, not a skip)
  allowed = await pageServer();
  other = await pageServer();
  lsk = await startLsk('sqlite', { env: { LSK_CORS_ORIGINS: `https://unused.example, ${allowed.origin}` } });
  key = await lsk.workspace('web');
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await lsk?.stop();
  for (const s of [allowed?.server, other?.server]) if (s) await new Promise((r) => s.close(r));
  if (packed) rmSync(packed.dir, { recursive: true, force: true });
});

async function open(origin: string, path = '/'): Promise<Page> {
  if (!browser) throw new Error(MISSING);
  const page = await browser.newPage();
  await page.goto(`${origin}${path}`);
  return page;
}

describe('browser library in headless Chromium', () => {
  it(`Chromium is installed at ${CHROMIUM}`, () => {
    expect(existsSync(CHROMIUM), MISSING).toBe(true);
  });

  it('the packed package holds the two bundles, their types, README and package.json, and nothing else', () => {
    expect(packed!.files).toEqual(
      expect.arrayContaining(['README.md', 'package.json', 'dist/lsk.min.js', 'dist/lsk.iife.min.js', 'dist/types/browser/src/lsk.d.ts']),
    );
    expect(packed!.files.filter((f) => !/^(README\.md|package\.json|dist\/lsk(\.iife)?\.min\.js|dist\/types\/.+\.d\.ts)$/.test(f))).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(packed!.dir, 'package/package.json'), 'utf8'));
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(existsSync(join(packed!.dir, 'package', manifest.exports['.'].default))).toBe(true);
    expect(existsSync(join(packed!.dir, 'package', manifest.exports['.'].types))).toBe(true);
    expect(readdirSync(DIST)).toEqual(expect.arrayContaining(['lsk.min.js', 'lsk.iife.min.js']));
  });

  it('script-tag build: createLink, link, links, updateLink, deleteLink across origins', async () => {
    const page = await open(allowed.origin);
    try {
      const result = await page.evaluate(
        async ({ base, key }) => {
          const Lsk = (window as unknown as { Lsk: typeof import('../../clients/browser/src/lsk.js') }).Lsk;
          const c = new Lsk.LskClient({ baseUrl: base, apiKey: key });
          const created = await c.createLink({ destination: 'https://example.com/web', alias: 'web-1', tags: ['web'] });
          const got = await c.link(created.id);
          const listed = await c.links({ tag: 'web', limit: 10 });
          const updated = await c.updateLink(created.id, { destination: 'https://example.com/web2' });
          const deleted = await c.deleteLink(created.id);
          let after: { name: string; code: string; status: number; requestId: string | null; isError: boolean } | null = null;
          try {
            await c.link(created.id);
          } catch (e) {
            const err = e as InstanceType<typeof Lsk.LskError>;
            after = {
              name: err.name,
              code: err.code,
              status: err.status,
              requestId: err.requestId,
              isError: err instanceof Lsk.LskError && err instanceof Error,
            };
          }
          let invalid: { code: string; status: number; paths: string[] } | null = null;
          try {
            await c.createLink({ destination: 'javascript:alert(1)' });
          } catch (e) {
            const err = e as InstanceType<typeof Lsk.LskError>;
            invalid = { code: err.code, status: err.status, paths: err.details.map((d) => d.path) };
          }
          return { origin: location.origin, created, got, listed, updated, deleted: deleted ?? null, after, invalid };
        },
        { base: lsk.base, key },
      );
      expect(result.origin).toBe(allowed.origin);
      expect(result.origin).not.toBe(lsk.base);
      expect(result.created).toMatchObject({ alias: 'web-1', destination: 'https://example.com/web', tags: ['web'] });
      expect(result.got).toEqual(result.created);
      expect(result.listed.data.map((l) => l.id)).toEqual([result.created.id]);
      expect(result.listed.next_cursor).toBeNull();
      expect(result.updated).toMatchObject({ id: result.created.id, destination: 'https://example.com/web2' });
      expect(result.deleted).toBeNull();
      expect(result.after).toMatchObject({ name: 'LskError', code: 'not_found', status: 404, isError: true });
      expect(result.after!.requestId).toEqual(expect.any(String)); // X-Request-Id / body read cross-origin
      expect(result.invalid).toMatchObject({ code: 'validation_failed', status: 400, paths: ['destination'] });
    } finally {
      await page.close();
    }
  });

  it('ESM build works the same (<script type="module">)', async () => {
    const page = await open(allowed.origin, '/esm.html');
    try {
      await page.waitForFunction(() => 'LskEsm' in window);
      const r = await page.evaluate(
        async ({ base, key }) => {
          const m = (window as unknown as { LskEsm: typeof import('../../clients/browser/src/lsk.js') }).LskEsm;
          const c = new m.LskClient({ baseUrl: base, apiKey: key });
          const l = await c.createLink({ destination: 'https://example.com/esm' });
          const page = await c.links();
          await c.deleteLink(l.id);
          return { alias: l.alias, ids: page.data.map((x) => x.id), id: l.id, hasError: typeof m.LskError === 'function' };
        },
        { base: lsk.base, key },
      );
      expect(r.ids).toContain(r.id);
      expect(r.hasError).toBe(true);
    } finally {
      await page.close();
    }
  });

  it('an origin not in LSK_CORS_ORIGINS is refused by the browser', async () => {
    const page = await open(other.origin);
    try {
      const r = await page.evaluate(
        async ({ base, key }) => {
          const Lsk = (window as unknown as { Lsk: typeof import('../../clients/browser/src/lsk.js') }).Lsk;
          const c = new Lsk.LskClient({ baseUrl: base, apiKey: key, retries: 0 });
          try {
            await c.links();
            return { ok: true, code: '', status: -1 };
          } catch (e) {
            const err = e as InstanceType<typeof Lsk.LskError>;
            return { ok: false, code: err.code, status: err.status, isLskError: err instanceof Lsk.LskError };
          }
        },
        { base: lsk.base, key },
      );
      expect(r).toMatchObject({ ok: false, code: 'network_error', status: 0, isLskError: true });
    } finally {
      await page.close();
    }
    // The server itself answers that origin without CORS headers (so the browser blocks the read).
    const res = await fetch(`${lsk.base}/v1/links`, { headers: { origin: other.origin, authorization: `Bearer ${key}` } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const ok = await fetch(`${lsk.base}/v1/links`, { headers: { origin: allowed.origin, authorization: `Bearer ${key}` } });
    expect(ok.headers.get('access-control-allow-origin')).toBe(allowed.origin);
  });
});
