/** The compact host set behind blocklists, and the feed formats it is filled from. */
import { describe, expect, it } from 'vitest';
import { blocklistHost, parseFeedLine } from '../../src/domain/blocklist-feed.js';
import { assertNotBlocked, linkTargets } from '../../src/domain/destinations.js';
import { LskError } from '../../src/domain/errors.js';
import { HostSet } from '../../src/domain/host-set.js';

describe('HostSet', () => {
  it('holds hosts exactly and matches subdomains through their parents, the broadest entry first', () => {
    const s = new HostSet();
    expect(s.add('phish.example')).toBe(true);
    expect(s.add('phish.example')).toBe(false);
    expect(s.add('deep.sub.bad.example')).toBe(true);
    expect(s.add('bad.example')).toBe(true);
    expect(s.size).toBe(3);
    expect(s.match('phish.example')).toBe('phish.example');
    expect(s.match('www.phish.example')).toBe('phish.example');
    expect(s.match('a.deep.sub.bad.example')).toBe('bad.example');
    expect(s.match('a.deep.sub.bad.example', false)).toBeNull();
    expect(s.match('deep.sub.bad.example', false)).toBe('deep.sub.bad.example');
    expect(s.match('sub.bad.example')).toBe('bad.example');
    expect(s.match('notphish.example')).toBeNull();
    expect(s.match('example')).toBeNull();
    expect(s.match('phish.example.com')).toBeNull();
    expect(s.has('www.phish.example')).toBe(false);
    expect(s.has('bad.example')).toBe(true);
  });

  it('refuses what is not a lower-case ASCII host of 1 to 255 characters', () => {
    const s = new HostSet();
    expect(s.add('')).toBe(false);
    expect(s.add('ü.example')).toBe(false);
    expect(s.add('a'.repeat(256))).toBe(false);
    expect(s.add('a'.repeat(255))).toBe(true);
    expect(s.size).toBe(1);
  });

  it('stays exact through growth: 50,000 hosts, each found, none of their neighbours', () => {
    const s = new HostSet();
    for (let i = 0; i < 50_000; i++) s.add(`h${i}.feed${i % 97}.example`);
    s.compact();
    expect(s.size).toBe(50_000);
    for (let i = 0; i < 50_000; i += 7) {
      expect(s.match(`x.h${i}.feed${i % 97}.example`)).toBe(`h${i}.feed${i % 97}.example`);
      expect(s.match(`h${i}.feed${(i + 1) % 97}.example`)).toBeNull();
    }
    // Far less than a Set of strings: the bytes of the hosts plus 8 bytes a slot.
    expect(s.byteLength).toBeLessThan(50_000 * 48);
  });
});

describe('feed lines', () => {
  it.each([
    ['phish.example', ['phish.example']],
    ['  Phish.Example.  # reported', ['phish.example']],
    ['*.phish.example', ['phish.example']],
    ['.phish.example', ['phish.example']],
    ['0.0.0.0 phish.example', ['phish.example']],
    ['127.0.0.1\tad.example tracker.example # two on a line', ['ad.example', 'tracker.example']],
    [':: phish.example', ['phish.example']],
    ['||phish.example^', ['phish.example']],
    ['||phish.example^$important', ['phish.example']],
    ['address=/phish.example/0.0.0.0', ['phish.example']],
    ['server=/a.example/b.example/', ['a.example', 'b.example']],
    ['bücher.example', ['xn--bcher-kva.example']],
    ['ad_server.example', ['ad_server.example']],
    ['203.0.113.9', ['203.0.113.9']],
  ])('%j lists %j', (line, hosts) => {
    expect(parseFeedLine(line)).toEqual({ kind: 'hosts', hosts });
  });

  it.each(['', '   ', '# comment', '! adblock comment', '[Adblock Plus 2.0]', '127.0.0.1 localhost', '::1 ip6-localhost ip6-loopback', '0.0.0.0 0.0.0.0'])(
    '%j is blank',
    (line) => {
      expect(parseFeedLine(line)).toEqual({ kind: 'blank' });
    },
  );

  it.each(['@@||good.example^', 'https://phish.example/login', '||phish.example/path^', 'two words here', 'bad..example', '-lead.example'])(
    '%j is skipped',
    (line) => {
      expect(parseFeedLine(line).kind).toBe('skipped');
    },
  );

  it('normalises operator entries the same way', () => {
    expect(blocklistHost('WWW.Phish.Example.')).toBe('www.phish.example');
    expect(blocklistHost('localhost')).toBeNull();
    expect(blocklistHost('not a host')).toBeNull();
  });
});

describe('blocked targets', () => {
  const hosts = new HostSet();
  hosts.add('phish.example');
  const blocked = { blockedBy: (h: string) => hosts.match(h) };

  it('names every target on a blocked host, each by its field', () => {
    const targets = linkTargets({
      destination: 'https://ok.example/',
      geoTargeting: { DE: 'https://login.phish.example/de', FR: 'https://ok.example/fr' },
      deviceTargeting: { ios: 'https://PHISH.example./app' },
      expiredUrl: 'https://ok.example/gone',
    });
    expect(targets.map((t) => t.path)).toEqual(['destination', 'geo_targeting.DE', 'geo_targeting.FR', 'device_targeting.ios', 'expired_url']);
    let error: unknown;
    try {
      assertNotBlocked(blocked, targets);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(LskError);
    expect((error as LskError).code).toBe('destination_blocked');
    expect((error as LskError).status).toBe(422);
    expect((error as LskError).details).toEqual([
      { path: 'geo_targeting.DE', message: 'is on a blocked host (phish.example)' },
      { path: 'device_targeting.ios', message: 'is on a blocked host (phish.example)' },
    ]);
    expect(() => assertNotBlocked(blocked, linkTargets({ destination: 'https://phishing.example/' }))).not.toThrow();
  });
});
