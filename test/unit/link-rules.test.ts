import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { inBlock, parseCidr, parseIp } from '../../src/domain/cidr.js';
import { type LinkRule, rulesSchema } from '../../src/domain/rule-schemas.js';
import { compileRules, firstMatch } from '../../src/redirect/adapt/compile-rules.js';
import { VisitFacts } from '../../src/redirect/adapt/visit-facts.js';
import { languageOf } from '../../src/redirect/visit-facts.js';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const CHROME_WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const NOW = Date.parse('2026-11-21T10:00:00Z');

interface Visit {
  ua?: string;
  url?: string;
  country?: string | null;
  region?: string | null;
  ip?: string;
  language?: string;
  now?: number;
}

/** A real IncomingMessage carrying the visit's headers. */
function facts(v: Visit = {}): VisitFacts {
  const req = new IncomingMessage(new Socket());
  req.url = v.url ?? '/promo';
  req.headers = { 'user-agent': v.ua ?? CHROME_WIN, ...(v.language ? { 'accept-language': v.language } : {}) };
  return new VisitFacts(req, v.now ?? NOW, v.country ?? null, { clientOf: () => v.ip ?? '198.51.100.7', regionOf: () => v.region ?? null });
}

/** The rules as the API takes them (validated), compiled. */
function compiled(rules: unknown[]) {
  const parsed = rulesSchema.parse(rules) as LinkRule[];
  return compileRules(parsed, (u) => u);
}

const matches = (condition: Record<string, unknown>, v: Visit) => firstMatch(compiled([{ if: condition, to: 'https://x.test/' }]), facts(v)) !== null;

describe('rule conditions', () => {
  it.each<[string, Record<string, unknown>, Visit, boolean]>([
    ['country, in any case', { country: ['de', 'AT'] }, { country: 'DE' }, true],
    ['country elsewhere', { country: ['DE'] }, { country: 'FR' }, false],
    ['country unknown', { country: ['DE'] }, { country: null }, false],
    ['continent from the country', { continent: ['eu'] }, { country: 'PT' }, true],
    ['continent elsewhere', { continent: ['EU'] }, { country: 'US' }, false],
    ['region', { region: ['de-be'] }, { region: 'DE-BE' }, true],
    ['region unknown', { region: ['DE-BE'] }, {}, false],
    ['device class', { device: ['Mobile'] }, { ua: IPHONE }, true],
    ['device class elsewhere', { device: ['mobile'] }, { ua: CHROME_WIN }, false],
    ['os family, any case', { os: ['ios'] }, { ua: IPHONE }, true],
    ['browser family, any case', { browser: ['CHROME'] }, { ua: CHROME_WIN }, true],
    ['browser family elsewhere', { browser: ['Firefox'] }, { ua: CHROME_WIN }, false],
    ['language: first entry, primary subtag', { language: ['DE'] }, { language: 'de-CH,fr;q=0.8' }, true],
    ['language: not a later entry', { language: ['fr'] }, { language: 'de-CH,fr;q=0.8' }, false],
    ['language absent', { language: ['de'] }, {}, false],
    ['query value', { query: { ref: 'partner' } }, { url: '/promo?ref=partner&x=1' }, true],
    ['query value differs', { query: { ref: 'partner' } }, { url: '/promo?ref=other' }, false],
    ['query "*": present', { query: { ref: '*' } }, { url: '/promo?ref=' }, true],
    ['query "*": absent', { query: { ref: '*' } }, { url: '/promo?x=1' }, false],
    ['query: all parameters', { query: { a: '1', b: '*' } }, { url: '/promo?a=1' }, false],
    ['IPv4 block', { ip: ['198.51.100.0/24'] }, { ip: '198.51.100.7' }, true],
    ['IPv4-mapped address in an IPv4 block', { ip: ['198.51.100.0/24'] }, { ip: '::ffff:198.51.100.7' }, true],
    ['IPv4 outside', { ip: ['198.51.100.0/25'] }, { ip: '198.51.100.200' }, false],
    ['IPv6 block', { ip: ['2001:db8::/32'] }, { ip: '2001:db8:1::5' }, true],
    ['IPv6 outside', { ip: ['2001:db8::/32'] }, { ip: '2001:db9::1' }, false],
    ['single address', { ip: ['203.0.113.9'] }, { ip: '203.0.113.9' }, true],
    ['every address (/0)', { ip: ['0.0.0.0/0'] }, { ip: '8.8.8.8' }, true],
    ['no IPv6 in an IPv4 block', { ip: ['0.0.0.0/0'] }, { ip: '2001:db8::1' }, false],
    ['after: at the instant', { after: '2026-11-21T10:00:00Z' }, {}, true],
    ['after: before it', { after: '2026-11-21T10:00:01Z' }, {}, false],
    ['before: strictly', { before: '2026-11-21T10:00:00Z' }, {}, false],
    ['window', { after: '2026-11-01T00:00:00+01:00', before: '2026-12-01T00:00:00Z' }, {}, true],
    ['all conditions hold', { country: ['DE'], device: ['mobile'] }, { country: 'DE', ua: IPHONE }, true],
    ['one condition fails', { country: ['DE'], device: ['mobile'] }, { country: 'DE', ua: CHROME_WIN }, false],
  ])('%s', (_label, condition, visit, expected) => {
    expect(matches(condition, visit)).toBe(expected);
  });

  it('takes the first rule that matches, in order; none: null', () => {
    const rules = compiled([
      { if: { country: ['US'] }, to: 'https://us.test/' },
      { if: { device: ['mobile'] }, to: 'https://m.test/' },
      { if: { country: ['DE'] }, to: 'https://de.test/' },
    ]);
    expect(firstMatch(rules, facts({ country: 'DE', ua: IPHONE }))).toBe('https://m.test/');
    expect(firstMatch(rules, facts({ country: 'DE' }))).toBe('https://de.test/');
    expect(firstMatch(rules, facts({ country: 'FR' }))).toBeNull();
  });

  it('works out each fact once, and only the ones the rules ask for', () => {
    let addressReads = 0;
    const req = new IncomingMessage(new Socket());
    req.url = '/p';
    req.headers = { 'user-agent': CHROME_WIN };
    const clientOf = () => {
      addressReads++;
      return '10.1.2.3';
    };
    const f = new VisitFacts(req, NOW, 'DE', { clientOf, regionOf: () => null });
    const countryOnly = compiled(Array.from({ length: 50 }, (_v, i) => ({ if: { country: [i === 49 ? 'DE' : 'US'] }, to: `https://${i}.test/` })));
    expect(firstMatch(countryOnly, f)).toBe('https://49.test/');
    expect(addressReads).toBe(0);
    const byIp = compiled(Array.from({ length: 50 }, (_v, i) => ({ if: { ip: [`10.${i}.0.0/16`] }, to: `https://${i}.test/` })));
    expect(firstMatch(byIp, f)).toBe('https://1.test/');
    expect(addressReads).toBe(1);
  });
});

describe('addresses and blocks', () => {
  it('parses IPv4, IPv6 (compressed, with an IPv4 tail, zone ids) and refuses the rest', () => {
    expect(parseIp('10.0.0.1')).toEqual({ v: 4, words: [0x0a000001] });
    expect(parseIp('::1')).toEqual({ v: 6, words: [0, 0, 0, 1] });
    expect(parseIp('2001:db8::ff00:42:8329')).toEqual({ v: 6, words: [0x20010db8, 0, 0xff00, 0x00428329] });
    expect(parseIp('64:ff9b::192.0.2.33')).toEqual({ v: 6, words: [0x0064ff9b, 0, 0, 0xc0000221] });
    expect(parseIp('fe80::1%eth0')).toEqual({ v: 6, words: [0xfe800000, 0, 0, 1] });
    expect(parseIp('::ffff:10.0.0.1')).toEqual({ v: 4, words: [0x0a000001] });
    expect(parseIp('not an address')).toBeNull();
    for (const bad of ['10.0.0.0/33', '2001:db8::/129', '10.0.0.0/', '10.0.0.0/8/8', '::ffff:10.0.0.0/104', 'fe80::1%eth0/64', 'x/8']) {
      expect(parseCidr(bad), bad).toBeNull();
    }
  });
  it('reads each part of an IPv4 address, alone or mapped in IPv6', () => {
    for (const parts of [
      [0, 0, 0, 0],
      [255, 255, 255, 255],
      [1, 2, 3, 4],
      [10, 0, 200, 9],
      [192, 168, 0, 100],
      [128, 0, 0, 1],
    ]) {
      const word = parts.reduce((w, p) => w * 256 + p, 0);
      expect(parseIp(parts.join('.')), parts.join('.')).toEqual({ v: 4, words: [word] });
      expect(parseIp(`::ffff:${parts.join('.')}`)).toEqual({ v: 4, words: [word] });
      expect(parseIp(`64:ff9b::${parts.join('.')}`)!.words[3]).toBe(word);
    }
  });
  it('matches the prefix bits only', () => {
    const block = parseCidr('2001:db8:abcd:12::/63')!;
    expect(inBlock(parseIp('2001:db8:abcd:13:ffff::1')!, block)).toBe(true);
    expect(inBlock(parseIp('2001:db8:abcd:14::1')!, block)).toBe(false);
    expect(inBlock(parseIp('172.16.255.1')!, parseCidr('172.16.0.0/12')!)).toBe(true);
    expect(inBlock(parseIp('172.32.0.1')!, parseCidr('172.16.0.0/12')!)).toBe(false);
  });
});

describe('languageOf (the language rules ask for)', () => {
  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['EN', 'en'],
    ['fr;q=0.5', 'fr'],
    ['*', null],
    ['', null],
    [undefined, null],
    ['zh-Hant-TW', 'zh'],
  ])('%s -> %s', (header, expected) => {
    expect(languageOf(header)).toBe(expected);
  });
});
