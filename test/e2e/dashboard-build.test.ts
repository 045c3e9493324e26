/**
 * The built dashboard (dist/dashboard, made by `npm run build`): its initial JavaScript stays under
 * 100 KB gzipped, file names carry content hashes, and nothing it ships points at another host
 * (no CDN fonts, scripts or images: the app works offline and under its 'self'-only CSP).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const DIST = fileURLToPath(new URL('../../dist/dashboard/', import.meta.url));
const LIMIT = 100 * 1024;

/** XML namespace names are identifiers, not requests; example.com (RFC 2606) only appears as placeholder text. */
const NOT_REQUESTS = new Set([
  'https://example.com/',
  // Inside an error message of @simplewebauthn/browser (a link to its documentation), never fetched.
  'https://simplewebauthn.dev/docs/',
  'http://www.w3.org/1998/Math/MathML',
  'http://www.w3.org/2000/svg',
  'http://www.w3.org/1999/xlink',
  'http://www.w3.org/1999/xhtml',
  'http://www.w3.org/XML/1998/namespace',
]);

describe('the built dashboard', () => {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const assets = readdirSync(join(DIST, 'assets'));

  it('loads at most 100 KB of JavaScript (gzipped) before the first page shows', () => {
    const initial = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/dashboard\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(initial.length).toBeGreaterThan(0);
    // Static imports of the entry load before it runs: count them too.
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const code = readFileSync(join(DIST, file), 'utf8');
      for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([\w.-]+\.js)["']/g)) visit(`assets/${m[1]}`);
    };
    for (const f of initial) visit(f);
    const gz = [...seen].reduce((n, f) => n + gzipSync(readFileSync(join(DIST, f)), { level: 9 }).length, 0);
    console.log(`dashboard initial JavaScript: ${[...seen].join(', ')} = ${(gz / 1024).toFixed(1)} KB gzipped`);
    expect(gz).toBeLessThanOrEqual(LIMIT);
  });

  it('names every asset by its content hash; text ones come with brotli and gzip copies of the same bytes', () => {
    expect(assets.length).toBeGreaterThan(1);
    for (const a of assets) expect(a).toMatch(/^[\w.-]+-[\w-]{8}\.(js|css|svg|png|woff2)(\.br|\.gz)?$/);
    const text = ['index.html', ...assets.filter((a) => /\.(js|css)$/.test(a)).map((a) => `assets/${a}`)];
    for (const f of text) {
      const original = readFileSync(join(DIST, f));
      expect(brotliDecompressSync(readFileSync(join(DIST, `${f}.br`))).equals(original), `${f}.br`).toBe(true);
      expect(gunzipSync(readFileSync(join(DIST, `${f}.gz`))).equals(original), `${f}.gz`).toBe(true);
    }
  });

  it('references no other host in its page, scripts or styles', () => {
    const texts = [html, ...assets.filter((a) => /\.(js|css)$/.test(a)).map((a) => readFileSync(join(DIST, 'assets', a), 'utf8'))];
    const urls = texts.flatMap((t) => [...t.matchAll(/(?:https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}[^\s"'`)]*/gi)].map((m) => m[0]));
    const foreign = urls.filter((u) => ![...NOT_REQUESTS].some((ns) => u.startsWith(ns)));
    expect(foreign).toEqual([]);
    expect(html).not.toMatch(/<script>(?!<\/script>)|<style>|\sstyle="/);
  });
});
