/** referrer_source and referrer_kind filter values and their test on recorded hosts (docs/adr/0216); the hosts cap of a source row. */
import { describe, expect, it } from 'vitest';
import { analyticsRestQuerySchema, clickFilterSchema } from '../../src/domain/analytics-schemas.js';
import { sourceKeyOf } from '../../src/domain/referrer-sources/filter-values.js';
import { cappedHosts, SOURCE_HOSTS_MAX } from '../../src/domain/referrer-sources/group.js';
import { hostPasses } from '../../src/domain/referrer-sources/host-filter.js';

const HOSTS = [
  't.co',
  'x.com',
  'mobile.twitter.com',
  'www.google.de',
  'google.com',
  'mail.google.com',
  'gemini.google.com',
  '(direct)',
  'news.example',
  'News.Example:8080',
  'l.facebook.com',
];
const pick = (source?: { in?: string[]; not_in?: string[] }, kind?: { in?: string[]; not_in?: string[] }) => HOSTS.filter(hostPasses(source, kind));

describe('referrer_source values', () => {
  it('reads a source name in any case, (direct), and a host no source claims', () => {
    expect(sourceKeyOf('Google')).toEqual({ name: 'Google' });
    expect(sourceKeyOf('hacker news')).toEqual({ name: 'Hacker News' });
    expect(sourceKeyOf('x')).toEqual({ name: 'X' });
    expect(sourceKeyOf('(direct)')).toEqual({ name: '(direct)' });
    expect(sourceKeyOf('News.Example.')).toEqual({ host: 'news.example' });
  });

  it('refuses a host some source claims (naming the source) and a value that is no host', () => {
    expect(sourceKeyOf('t.co')).toEqual({ error: expect.stringContaining('is a host of the source X') });
    expect(sourceKeyOf('www.google.de')).toEqual({ error: expect.stringContaining('source Google') });
    expect(sourceKeyOf('Not A Source')).toEqual({ error: expect.stringContaining('is no referrer source') });
    expect(sourceKeyOf('https://t.co/x')).toEqual({ error: expect.stringContaining('is no referrer source') });
  });
});

describe('hosts passing a source filter', () => {
  it('keeps every host of the sources listed (IN), and only those', () => {
    expect(pick({ in: ['X'] })).toEqual(['t.co', 'x.com', 'mobile.twitter.com']);
    expect(pick({ in: ['google', '(direct)'] })).toEqual(['www.google.de', 'google.com', '(direct)']);
    // A host that is its own source, as recorded in another case or with a port.
    expect(pick({ in: ['news.example'] })).toEqual(['news.example', 'News.Example:8080']);
  });

  it('leaves out every host of the sources listed (NOT IN)', () => {
    expect(pick({ not_in: ['X', 'Google', 'news.example'] })).toEqual(['mail.google.com', 'gemini.google.com', '(direct)', 'l.facebook.com']);
  });

  it('filters by kind, and by source and kind together (AND)', () => {
    expect(pick(undefined, { in: ['search', 'ai'] })).toEqual(['www.google.de', 'google.com', 'gemini.google.com']);
    expect(pick(undefined, { not_in: ['social', 'other'] })).toEqual(['www.google.de', 'google.com', 'mail.google.com', 'gemini.google.com', '(direct)']);
    expect(pick({ not_in: ['Google'] }, { in: ['search', 'email'] })).toEqual(['mail.google.com']);
    expect(pick({ in: ['X'] }, { in: ['search'] })).toEqual([]);
  });
});

describe('the filter schemas', () => {
  it('REST: names the item and the parameter; GraphQL: the path of the value', () => {
    const rest = analyticsRestQuerySchema.safeParse({ referrer_source: 'X,t.co', referrer_kind: '!social,!nope' });
    expect(rest.success).toBe(false);
    expect(rest.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['referrer_source', expect.stringMatching(/^item 2 is a host of the source X/)],
      ['referrer_kind', expect.stringMatching(/^item 2 must be one of search, social, video/)],
    ]);
    expect(analyticsRestQuerySchema.parse({ referrer_source: '!X,!(direct)' }).referrer_source).toEqual({ not_in: ['X', '(direct)'] });
    const gql = clickFilterSchema.safeParse({ referrer_source: { in: ['Google', 'Foo Bar'] }, referrer_kind: { not_in: ['Social'] } });
    expect(gql.error?.issues.map((i) => i.path.join('.'))).toEqual(['referrer_source.in.1', 'referrer_kind.not_in.0']);
  });

  it('takes at most 100 values, as every filter', () => {
    const many = Array.from({ length: 101 }, (_, i) => `h${i}.example`);
    expect(analyticsRestQuerySchema.safeParse({ referrer_source: many.join(',') }).success).toBe(false);
    expect(analyticsRestQuerySchema.safeParse({ referrer_source: many.slice(1).join(',') }).success).toBe(true);
  });
});

describe('a source row’s hosts', () => {
  it(`lists the top ${SOURCE_HOSTS_MAX} and counts the rest`, () => {
    const hosts = Array.from({ length: 23 }, (_, i) => `h${i}.google.com`);
    expect(cappedHosts({ key: 'Google', clicks: 50, kind: 'search', hosts })).toEqual({
      key: 'Google',
      clicks: 50,
      kind: 'search',
      hosts: hosts.slice(0, 20),
      hostsMore: 3,
    });
    expect(cappedHosts({ key: 'X', clicks: 2, kind: 'social', hosts: ['t.co'] }).hostsMore).toBe(0);
  });
});
