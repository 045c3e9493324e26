/** Referrer hosts to named sources (docs/adr/0214): exact hosts, domains and country domains, precedence, case, ports and lookalikes. */
import { describe, expect, it } from 'vitest';
import { groupBySource } from '../../src/domain/referrer-sources/group.js';
import { SOURCE_KINDS } from '../../src/domain/referrer-sources/kinds.js';
import { namedSource, normalHost, sourceOf } from '../../src/domain/referrer-sources/match.js';
import { SOURCE_TABLE } from '../../src/domain/referrer-sources/table.js';

const name = (host: string) => sourceOf(host).name;

describe('referrer sources', () => {
  it('names the sources of the brief by exact host and by domain', () => {
    const cases: [string, string][] = [
      ['t.co', 'X'],
      ['x.com', 'X'],
      ['twitter.com', 'X'],
      ['mobile.twitter.com', 'X'],
      ['l.facebook.com', 'Facebook'],
      ['m.facebook.com', 'Facebook'],
      ['facebook.com', 'Facebook'],
      ['lnkd.in', 'LinkedIn'],
      ['www.linkedin.com', 'LinkedIn'],
      ['youtu.be', 'YouTube'],
      ['m.youtube.com', 'YouTube'],
      ['old.reddit.com', 'Reddit'],
      ['reddit.com', 'Reddit'],
      ['l.instagram.com', 'Instagram'],
      ['www.tiktok.com', 'TikTok'],
      ['www.bing.com', 'Bing'],
      ['duckduckgo.com', 'DuckDuckGo'],
      ['yandex.ru', 'Yandex'],
      ['yandex.com.tr', 'Yandex'],
      ['www.baidu.com', 'Baidu'],
      ['pinterest.de', 'Pinterest'],
      ['www.pinterest.co.uk', 'Pinterest'],
      ['wa.me', 'WhatsApp'],
      ['web.whatsapp.com', 'WhatsApp'],
      ['t.me', 'Telegram'],
      ['news.ycombinator.com', 'Hacker News'],
      ['github.com', 'GitHub'],
      ['chatgpt.com', 'ChatGPT'],
      ['chat.openai.com', 'ChatGPT'],
      ['www.perplexity.ai', 'Perplexity'],
      ['perplexity.ai', 'Perplexity'],
      ['mail.google.com', 'Gmail'],
      ['outlook.live.com', 'Outlook'],
      ['outlook.office.com', 'Outlook'],
      ['com.google.android.gm', 'Gmail'],
    ];
    expect(cases.map(([h]) => [h, name(h)])).toEqual(cases);
  });

  it('reads google.* as Google on com and every country domain, subdomains included', () => {
    for (const h of ['google.com', 'www.google.com', 'www.google.de', 'google.co.uk', 'www.google.com.br', 'google.fr', 'news.google.com'])
      expect(sourceOf(h), h).toEqual({ name: 'Google', kind: 'search' });
  });

  it('lets the more specific pattern win: Gemini and Gmail before google.*, Yahoo search apart from Yahoo Mail', () => {
    expect(sourceOf('gemini.google.com')).toEqual({ name: 'Gemini', kind: 'ai' });
    expect(sourceOf('mail.google.com')).toEqual({ name: 'Gmail', kind: 'email' });
    expect(name('de.search.yahoo.com')).toBe('Yahoo');
    expect(name('mail.yahoo.com')).toBe('Yahoo Mail');
    // The order of the table does not decide: Gemini is listed after Google.
    const names = SOURCE_TABLE.map((e) => e.name);
    expect(names.indexOf('Gemini')).toBeGreaterThan(names.indexOf('Google'));
  });

  it('compares hosts without case, port or trailing dot', () => {
    expect(name('WWW.Google.DE')).toBe('Google');
    expect(name('t.co:443')).toBe('X');
    expect(name('L.Facebook.com.')).toBe('Facebook');
    expect(normalHost('News.YCombinator.com:8080')).toBe('news.ycombinator.com');
    expect(normalHost('[::1]:8080')).toBeNull();
    expect(normalHost('')).toBeNull();
  });

  it('never matches a lookalike: a pattern is whole labels at the end of the host', () => {
    for (const h of [
      'google.com.evil.net',
      'notgoogle.com',
      'google.evil.com',
      'evilgoogle.de',
      'google.company',
      'facebook.com.evil.net',
      'notfacebook.com',
      'fakefacebook.com',
      'x.com.evil.net',
      'xt.co',
      't.co.uk',
      'at.co',
      'mygithub.com',
      'github.io',
      'chatgpt.com.example.org',
      'perplexity.ai.evil.net',
      'reddit.community',
      'gemini.google.com.evil.net',
      'mail.google.com.evil.net',
    ])
      expect(namedSource(h), h).toBeNull();
  });

  it('makes an unknown host its own source and keeps (direct)', () => {
    expect(sourceOf('news.example')).toEqual({ name: 'news.example', kind: 'other' });
    expect(sourceOf('(direct)')).toEqual({ name: '(direct)', kind: 'direct' });
    expect(sourceOf('[::1]')).toEqual({ name: '[::1]', kind: 'other' });
  });

  it('lists every pattern once, each source once, in a known kind', () => {
    const names = SOURCE_TABLE.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    for (const e of SOURCE_TABLE) {
      expect(SOURCE_KINDS).toContain(e.kind);
      for (const p of e.patterns) expect(p === p.toLowerCase() && !p.endsWith('.'), p).toBe(true);
    }
  });

  it('sums a referrers breakdown per source, most clicks first, hosts in the order they came', () => {
    const rows = [
      { key: 't.co', clicks: 412 },
      { key: 'l.facebook.com', clicks: 230 },
      { key: '(direct)', clicks: 120 },
      { key: 'm.facebook.com', clicks: 95 },
      { key: 'www.google.de', clicks: 80 },
      { key: 'google.com', clicks: 61 },
      { key: 'lnkd.in', clicks: 40 },
      { key: 'news.example', clicks: 40 },
      { key: 'x.com', clicks: 3 },
    ];
    expect(groupBySource(rows)).toEqual([
      { key: 'X', clicks: 415, kind: 'social', hosts: ['t.co', 'x.com'] },
      { key: 'Facebook', clicks: 325, kind: 'social', hosts: ['l.facebook.com', 'm.facebook.com'] },
      { key: 'Google', clicks: 141, kind: 'search', hosts: ['www.google.de', 'google.com'] },
      { key: '(direct)', clicks: 120, kind: 'direct', hosts: ['(direct)'] },
      { key: 'LinkedIn', clicks: 40, kind: 'social', hosts: ['lnkd.in'] },
      { key: 'news.example', clicks: 40, kind: 'other', hosts: ['news.example'] },
    ]);
    expect(groupBySource([])).toEqual([]);
  });
});
