import { describe, expect, it } from 'vitest';
import { urlProblems } from '../../src/domain/field-rules.js';
import { previewSchema } from '../../src/domain/preview-schemas.js';
import { utmSchema } from '../../src/domain/utm-schemas.js';
import { withUtm } from '../../src/domain/utm-url.js';
import { issuesToDetails } from '../../src/domain/validate.js';
import { wildcardCandidates } from '../../src/domain/wildcard-aliases.js';
import { targetOf } from '../../src/redirect/adapt/compile-link.js';
import { previewPage } from '../../src/redirect/adapt/preview-page.js';
import { placePath, restBelow } from '../../src/redirect/adapt/wildcard.js';
import { locationSafe } from '../../src/redirect/link-cache.js';

describe('UTM values on a target URL', () => {
  it.each([
    ['https://a.test/x', { source: 'news' }, 'https://a.test/x?utm_source=news'],
    ['https://a.test/x?a=1&utm_source=old&b=2', { source: 'new', medium: 'e mail' }, 'https://a.test/x?a=1&b=2&utm_source=new&utm_medium=e%20mail'],
    ['https://a.test/x?utm_%73ource=old#top', { source: 'new' }, 'https://a.test/x?utm_source=new#top'],
    ['https://a.test/x?utm_campaign=keep', { term: 'a&b=c' }, 'https://a.test/x?utm_campaign=keep&utm_term=a%26b%3Dc'],
    ['https://a.test/{path}?q={path}', { content: 'v1' }, 'https://a.test/{path}?q={path}&utm_content=v1'],
    ['https://a.test/x', null, 'https://a.test/x'],
  ])('%s + %j = %s', (url, utm, expected) => {
    expect(withUtm(url, utm)).toBe(expected);
  });

  it('keeps a wildcard target placeholder through Location-safe encoding', () => {
    expect(targetOf('https://a.test/prix/€/{path}', { source: 'ü' }, locationSafe)).toBe('https://a.test/prix/%E2%82%AC/{path}?utm_source=%C3%BC');
  });

  it('takes 1-100 characters per key and only the five keys; {} clears', () => {
    expect(utmSchema.parse({ source: ' news ', campaign: 'spring' })).toEqual({ source: 'news', campaign: 'spring' });
    expect(utmSchema.parse({})).toBeNull();
    const r = utmSchema.safeParse({ source: 'x'.repeat(101), medium: '', utm_source: 'a' });
    expect(r.success ? [] : issuesToDetails(r.error.issues).map((d) => d.path)).toEqual(['source', 'medium', 'utm_source']);
  });
});

describe('wildcard aliases', () => {
  it('offer the wildcards above a path, longest first, as many as it has segments less one', () => {
    expect(wildcardCandidates('help/a/b')).toEqual(['help/a/*', 'help/*']);
    expect(wildcardCandidates('help')).toEqual([]);
    expect(wildcardCandidates('v1/x')).toEqual([]); // a reserved first segment is no alias
    expect(wildcardCandidates('help/a b')).toEqual([]); // nothing but URL path characters below
    expect(wildcardCandidates('help/x%20y/z')).toEqual(['help/*']); // "x%20y" is no alias segment
    expect(wildcardCandidates(`${'a/'.repeat(200)}z`)).toHaveLength(63); // prefixes stay within 128 characters
  });

  it('place the rest of the path: at {path}, else after the target path (before its query)', () => {
    expect(restBelow('help/*', 'help/a/b')).toBe('a/b');
    expect(placePath('https://docs.test/kb/{path}?from={path}', 'a/b')).toBe('https://docs.test/kb/a/b?from=a/b');
    expect(placePath('https://docs.test/kb', 'a/b')).toBe('https://docs.test/kb/a/b');
    expect(placePath('https://docs.test/kb/', 'a')).toBe('https://docs.test/kb/a');
    expect(placePath('https://docs.test', 'a')).toBe('https://docs.test/a');
    expect(placePath('https://docs.test/kb?x=1#top', 'a')).toBe('https://docs.test/kb/a?x=1#top');
    expect(placePath('https://docs.test/{path}?q={path}#{path}', 'a+b&c')).toBe('https://docs.test/a+b&c?q=a%2Bb%26c#a+b&c');
  });

  it('refuse {path} in a scheme, user info or host (the rest of a path could then pick the host)', () => {
    expect(urlProblems('https://{path}.example.com/')).toEqual(['may hold {path} only in its path, query or fragment']);
    expect(urlProblems('https://user{path}@example.com/')).toEqual(['may hold {path} only in its path, query or fragment']);
    expect(urlProblems('https://example.com/{path}')).toEqual([]);
    expect(urlProblems('https://example.com?p={path}')).toEqual([]);
    expect(urlProblems('https://example.com#{path}')).toEqual([]);
  });
});

describe('preview page', () => {
  const HOSTILE = '"><script>alert(1)</script><meta http-equiv="refresh" content="0;url=https://evil.test/">\'&';

  it('escapes every value, in attributes and text, and loads nothing', () => {
    const html = previewPage({
      preview: { title: HOSTILE, description: HOSTILE, image: 'https://cdn.test/a.png?x="><script>' },
      fallbackTitle: 'unused',
      url: 'https://go.test/spring',
      crawlable: false,
    });
    expect(html).not.toContain('<script');
    expect(html.match(/<meta /g)?.length).toBe(13); // charset, viewport, robots and the ten card tags: no injected one
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<meta property="og:image" content="https://cdn.test/a.png?x=&quot;&gt;&lt;script&gt;">');
    expect(html).toContain('<meta property="og:url" content="https://go.test/spring">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it('falls back to the link title, leaves out what is not set, and may be indexed on a crawlable domain', () => {
    const html = previewPage({ preview: { image: 'https://cdn.test/a.png' }, fallbackTitle: 'Spring & more', url: 'https://go.test/s', crawlable: true });
    expect(html).toContain('<meta property="og:title" content="Spring &amp; more">');
    expect(html).not.toContain('og:description');
    expect(html).not.toContain('noindex');
  });

  it('takes title (120), description (300) and an https image', () => {
    expect(previewSchema.parse({ title: ' Spring ' })).toEqual({ title: 'Spring' });
    const r = previewSchema.safeParse({ title: 'x'.repeat(121), description: 'y'.repeat(301), image: 'http://cdn.test/a.png' });
    expect(r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'title: must be at most 120 characters',
      'description: must be at most 300 characters',
      'image: must be an https URL',
    ]);
  });
});
