/**
 * The interactive pages work offline (docs/api.md: "Nothing any page loads comes from another
 * host"): /docs (Swagger UI) and GraphiQL (GET /graphql, Accept: text/html).
 *
 * 1. Always: fetch each page, follow every src/href/url(...) it references (also paths in its
 *    inline scripts and url(...)/@import inside the served CSS), and require each to be
 *    same-origin and to answer 200 with the right content type; scan the served CSS and JS for
 *    absolute URLs on CDN/font/analytics hosts.
 * 2. When a Chromium is installed (/usr/bin/chromium, or LSK_CHROMIUM): load both pages headless
 *    with no route off the machine, record every request the page and its workers make, and
 *    require them all same-origin and successful, and the pages rendered (Swagger UI lists the
 *    operations, GraphiQL shows its editor and fetched the schema). Without Chromium that part is
 *    reported as skipped, never faked.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_CANDIDATES, Chromium, findChromium } from '../support/chromium.js';
import { type Lsk, startLsk } from '../support/server.js';

/** Hosts that serve page assets (scripts, styles, fonts, images) or tracking: none may appear. */
const FOREIGN_ASSET_HOSTS = [
  /(^|\.)unpkg\.com$/,
  /(^|\.)jsdelivr\.(net|com)$/,
  /(^|\.)cdnjs\.cloudflare\.com$/,
  /(^|\.)googleapis\.com$/,
  /(^|\.)gstatic\.com$/,
  /(^|\.)raw\.githubusercontent\.com$/,
  /(^|\.)githubusercontent\.com$/,
  /(^|\.)esm\.sh$/,
  /(^|\.)skypack\.dev$/,
  /(^|\.)jspm\.(io|dev)$/,
  /(^|\.)bootstrapcdn\.com$/,
  /(^|\.)fontawesome\.com$/,
  /(^|\.)typekit\.net$/,
  /(^|\.)google-analytics\.com$/,
  /(^|\.)googletagmanager\.com$/,
  /(^|\.)segment\.(io|com)$/,
  /(^|\.)sentry\.io$/,
  /(^|\.)scalar\.com$/,
  /(^|\.)embed\.graphql\.com$/,
];

const OPERATION_IDS = [
  'createLink',
  'links',
  'link',
  'updateLink',
  'deleteLink',
  'linkStats',
  'tags',
  'updateTag',
  'deleteTag',
  'domains',
  'createDomain',
  'deleteDomain',
  'keys',
  'createKey',
  'revokeKey',
  'workspace',
];

interface PageSpec {
  name: string;
  path: string;
  headers: Record<string, string>;
  /** Evaluated in the browser: true once the page has rendered. */
  ready: string;
  /** Evaluated in the browser: the rendered text to check. */
  text: string;
}

/** GraphiQL's query editor (Monaco) text, spaces normalised. */
const GRAPHIQL_EDITOR_TEXT = "(document.querySelector('.graphiql-query-editor .view-lines')?.innerText ?? '').replace(/\\u00a0/g, ' ')";

const PAGES: PageSpec[] = [
  { name: 'Swagger UI (/docs)', path: '/docs', headers: {}, ready: "document.querySelectorAll('.opblock').length >= 16", text: 'document.body.innerText' },
  {
    name: 'GraphiQL (/graphql)',
    path: '/graphql',
    headers: { accept: 'text/html' },
    // Rendered: the container, and the configured default query in the editor.
    ready: `document.querySelector('.graphiql-container') && ${GRAPHIQL_EDITOR_TEXT}.includes('rate_limit_rpm')`,
    text: GRAPHIQL_EDITOR_TEXT,
  },
];

/** Expected content type of an asset, by what it is. */
function expectedType(url: URL, kind: string): RegExp | undefined {
  const p = url.pathname;
  if (p === '/v1/openapi.json' || p.endsWith('.json')) return /^application\/json/;
  if (p.endsWith('.css') || kind === 'stylesheet') return /^text\/css/;
  if (p.endsWith('.js') || kind === 'script') return /^(text|application)\/javascript/;
  if (p.endsWith('.png')) return /^image\/png/;
  if (p.endsWith('.svg')) return /^image\/svg\+xml/;
  if (p.endsWith('.ico')) return /^image\/(x-icon|vnd\.microsoft\.icon)/;
  if (p.endsWith('.woff2')) return /^font\/woff2/;
  if (p.endsWith('.woff')) return /^font\/woff/;
  if (p.endsWith('.ttf')) return /^font\/ttf/;
  return undefined;
}

/** Strip a CSS or JS string's quotes; handles backslash escapes inside. */
const QUOTED = String.raw`(['"\x60])((?:\\.|(?!\1)[^\\])*)\1`;

/** Every url(...) and @import of a stylesheet. */
function cssRefs(css: string): string[] {
  const refs: string[] = [];
  for (const m of css.matchAll(new RegExp(String.raw`url\(\s*(?:${QUOTED}|([^'"\x60)\s][^)\s]*))\s*\)`, 'gi'))) refs.push((m[2] ?? m[3] ?? '').trim());
  for (const m of css.matchAll(new RegExp(String.raw`@import\s+${QUOTED}`, 'gi'))) refs.push(m[2]!.trim());
  return refs;
}

/** Every resource reference of an HTML page: attributes, inline styles, and paths in inline scripts. */
function htmlRefs(html: string): { ref: string; kind: string }[] {
  const refs: { ref: string; kind: string }[] = [];
  for (const tag of html.matchAll(/<([a-z][a-z0-9-]*)\b([^>]*)>/gi)) {
    const [, name, attrs] = tag;
    for (const a of attrs!.matchAll(/\b(src|href|srcset|poster|data|action|content)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
      const attr = a[1]!.toLowerCase();
      const value = (a[2] ?? a[3] ?? a[4] ?? '').trim();
      if (attr === 'content' && !/^(https?:)?\/\//i.test(value)) continue; // <meta content> only when it is a URL
      const values = attr === 'srcset' ? value.split(',').map((v) => v.trim().split(/\s+/)[0]!) : [value];
      const rel = /\brel\s*=\s*["']?([^"'>]+)/i.exec(attrs!)?.[1]?.toLowerCase() ?? '';
      const kind = name!.toLowerCase() === 'script' ? 'script' : rel.includes('stylesheet') ? 'stylesheet' : name!.toLowerCase();
      for (const v of values) if (v) refs.push({ ref: v, kind });
    }
    const style = /\bstyle\s*=\s*"([^"]*)"/i.exec(attrs!)?.[1];
    if (style) for (const r of cssRefs(style)) refs.push({ ref: r, kind: 'style' });
  }
  for (const s of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) for (const r of cssRefs(s[1]!)) refs.push({ ref: r, kind: 'style' });
  for (const s of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)) {
    // Inline scripts: quoted absolute paths ('/v1/openapi.json', worker URLs) and absolute URLs.
    for (const m of s[1]!.matchAll(new RegExp(QUOTED, 'g'))) {
      const v = m[2]!;
      if (/^\/[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/.test(v) || /^(https?:)?\/\/[^\s]+$/i.test(v)) refs.push({ ref: v, kind: 'inline-script' });
    }
  }
  return refs;
}

/** Absolute http(s) URLs in a JS or CSS bundle whose host serves page assets. */
function foreignAssetUrls(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/https?:\/\/([a-z0-9.-]+\.[a-z]{2,})(?=[/"'`\s:)?#]|$)[^"'`\s)]*/gi)) {
    const host = m[1]!.toLowerCase();
    if (FOREIGN_ASSET_HOSTS.some((re) => re.test(host))) found.add(m[0]);
  }
  return [...found];
}

function hostsIn(text: string): string[] {
  return [...new Set([...text.matchAll(/https?:\/\/([a-z0-9.-]+\.[a-z]{2,})/gi)].map((m) => m[1]!.toLowerCase()))].sort();
}

let lsk: Lsk;
beforeAll(async () => {
  lsk = await startLsk('sqlite');
});
afterAll(async () => {
  await lsk?.stop();
});

describe.each(PAGES)('$name: every asset is served by lsk itself', (page) => {
  it('references only same-origin assets that answer 200 with the right content type, and nothing on CDN hosts', async () => {
    const origin = new URL(lsk.base).origin;
    const pageUrl = new URL(page.path, lsk.base);
    const res = await fetch(pageUrl, { headers: page.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();

    const problems: string[] = [];
    const checked = new Map<string, string>();
    const queue: { url: URL; kind: string; from: string }[] = [];
    const consider = (ref: string, kind: string, base: URL, from: string) => {
      if (/^(data|blob|about|javascript):/i.test(ref) || ref.startsWith('#')) return;
      let url: URL;
      try {
        url = new URL(ref, base);
      } catch {
        problems.push(`${from}: unparsable reference ${JSON.stringify(ref)}`);
        return;
      }
      if (url.origin !== origin) {
        problems.push(`${from}: ${kind} from another host: ${url.href}`);
        return;
      }
      url.hash = '';
      if (!checked.has(url.href)) {
        checked.set(url.href, kind);
        queue.push({ url, kind, from });
      }
    };

    const refs = htmlRefs(html);
    expect(refs.length, 'the page references its assets').toBeGreaterThan(0);
    for (const { ref, kind } of refs) consider(ref, kind, pageUrl, page.path);

    const bundles: { url: string; text: string }[] = [];
    while (queue.length > 0) {
      const { url, kind, from } = queue.shift()!;
      if (url.pathname === '/graphql') continue; // the API endpoint itself, not an asset
      const r = await fetch(url);
      const type = r.headers.get('content-type') ?? '';
      const body = Buffer.from(await r.arrayBuffer());
      if (r.status !== 200) {
        problems.push(`${from}: ${url.pathname} answers ${r.status}`);
        continue;
      }
      const want = expectedType(url, kind);
      if (!want) problems.push(`${from}: ${url.pathname}: no expected content type known for it (got ${type})`);
      else if (!want.test(type)) problems.push(`${from}: ${url.pathname} has content-type "${type}", expected ${want}`);
      if (/css/.test(type)) {
        const text = body.toString('utf8');
        for (const ref of cssRefs(text)) consider(ref, 'css-url', url, url.pathname);
        bundles.push({ url: url.pathname, text });
      } else if (/javascript/.test(type)) {
        bundles.push({ url: url.pathname, text: body.toString('utf8') });
      }
    }
    for (const b of bundles) for (const u of foreignAssetUrls(b.text)) problems.push(`${b.url} mentions an asset host: ${u}`);

    // An inventory for reviewers: hosts merely mentioned in the bundles (links, XML namespaces...).
    console.info(`${page.name}: ${checked.size} same-origin references checked: ${[...checked.keys()].map((u) => new URL(u).pathname).join(', ')}`);
    for (const b of bundles) {
      const hosts = hostsIn(b.text);
      if (hosts.length > 0) console.info(`  ${b.url} mentions (not loaded at page load by this page's config): ${hosts.join(' ')}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('Swagger UI configuration', () => {
  it('turns off the online validator badge (swagger-ui would load it from validator.swagger.io)', async () => {
    const html = await (await fetch(`${lsk.base}/docs`)).text();
    expect(html).toMatch(/validatorUrl\s*:\s*null/);
  });
});

const chromium = findChromium();

describe('headless Chromium renders both pages with no request off this host', () => {
  let browser: Chromium;
  const shots = join(tmpdir(), 'lsk-offline-pages');

  beforeAll(async () => {
    // Never skipped: without a browser this fails and says how to get one (.ci/run installs it).
    if (!chromium) {
      throw new Error(
        `no Chromium found (looked for ${CHROMIUM_CANDIDATES.join(', ')} and $LSK_CHROMIUM): install Debian's chromium (apt-get install chromium) or set LSK_CHROMIUM`,
      );
    }
    browser = await Chromium.launch(chromium);
    mkdirSync(shots, { recursive: true });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it.each(PAGES)(
    '$name',
    async (page) => {
      const origin = new URL(lsk.base).origin;
      // GraphiQL's page is chosen by Accept: a browser navigation sends text/html itself.
      const visit = await browser.visit(new URL(page.path, lsk.base).href, page.ready, 30_000, page.text);
      const file = join(shots, `${page.path.replace(/\W+/g, '') || 'page'}.png`);
      writeFileSync(file, visit.screenshot);
      console.info(`${page.name}: ${visit.requests.length} requests; screenshot ${file}`);
      for (const r of visit.requests) console.info(`  ${r.status ?? r.failed ?? '?'} ${r.type} ${r.url.length > 120 ? `${r.url.slice(0, 120)}…` : r.url}`);
      if (visit.consoleErrors.length > 0) console.info(`  console errors: ${visit.consoleErrors.join(' | ')}`);

      const foreign = visit.requests.filter((r) => !/^(data|blob|about|chrome|devtools):/.test(r.url) && new URL(r.url).origin !== origin);
      expect(
        foreign.map((r) => `${r.type} ${r.url}`),
        'requests to other hosts',
      ).toEqual([]);
      const failed = visit.requests.filter((r) => !/^(data|blob):/.test(r.url) && (r.failed !== undefined || (r.status !== undefined && r.status >= 400)));
      expect(
        failed.map((r) => `${r.status ?? r.failed} ${r.type} ${r.url}`),
        'failed requests',
      ).toEqual([]);
      expect(visit.ready, `${page.name} did not render; page text: ${visit.text.slice(0, 500)}`).toBe(true);
      expect(visit.consoleErrors, 'errors in the browser console').toEqual([]);

      if (page.path === '/docs') {
        for (const id of OPERATION_IDS) expect(visit.text, `Swagger UI lists ${id}`).toContain(id);
        expect(visit.text).toContain('/links/{id}');
      } else {
        // The schema came from the server by introspection, and the default query is in the editor.
        const introspection = visit.requests.filter((r) => new URL(r.url).pathname === '/graphql' && r.type !== 'Document');
        expect(introspection.length, 'GraphiQL fetched the schema from /graphql').toBeGreaterThan(0);
        expect(introspection.every((r) => r.status === 200)).toBe(true);
        expect(visit.text.replace(/\s+/g, ' ')).toMatch(/\{ ?workspace ?\{ ?slug plan rate_limit_rpm ?\} ?\}/);
      }
    },
    90_000,
  );
});
