/**
 * The input rules of the domain layer, table by table: hidden characters, NFC, reserved keys and
 * alias segments, human messages, and the documented patterns agreeing with the rules they describe.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { analyticsRestQuerySchema } from '../../src/domain/analytics-schemas.js';
import { aliasProblems, customDomainProblems, normalizeHost, tagKey, urlProblems } from '../../src/domain/field-rules.js';
import { createLinkSchema, geoTargetingSchema, listLinksSchema, statsQuerySchema, tagsSchema, updateLinkSchema } from '../../src/domain/link-schemas.js';
import { ALIAS_PATTERN, CUSTOM_DOMAIN_PATTERN, HOST_PATTERN, HTTP_URL_PATTERN } from '../../src/domain/patterns.js';
import { createKeySchema, updateTagSchema } from '../../src/domain/resource-schemas.js';
import { displayTextSchema, HIDDEN_RANGES, VISIBLE_TEXT_PATTERN } from '../../src/domain/text.js';
import { urlMapSchema } from '../../src/domain/urls.js';
import { issuesToDetails } from '../../src/domain/validate.js';

const text = displayTextSchema(1, 64);
const details = (r: z.ZodSafeParseResult<unknown>) => (r.success ? [] : issuesToDetails(r.error.issues));

describe('display text (tags, key names, titles): hidden characters are refused', () => {
  it.each([
    ['NUL (Cc)', 'a\u0000b'],
    ['DEL (Cc)', 'a\u007fb'],
    ['C1 control NEL (Cc)', 'a\u0085b'],
    ['tab inside (Cc)', 'a\tb'],
    ['zero-width space (Cf)', 'a\u200bb'],
    ['zero-width joiner (Cf)', 'a\u200db'],
    ['right-to-left override (Cf)', 'a\u202eb'],
    ['left-to-right isolate (Cf)', 'a\u2066b'],
    ['soft hyphen (Cf)', 'a\u00adb'],
    ['language tag (astral Cf)', 'a\u{E0001}b'],
    ['private use (Co)', 'a\ue000b'],
    ['supplementary private use (Co)', 'a\u{F0000}b'],
    ['lone high surrogate (Cs)', 'a\ud800b'],
    ['lone low surrogate (Cs)', 'a\udc00b'],
  ])('%s', (_label, value) => {
    const r = text.safeParse(value);
    expect(r.success).toBe(false);
    expect(details(r)[0]!.message).toMatch(/control, zero-width, bidi, private-use or unpaired surrogate/);
    if (!/[\ud800-\udfff]/.test(value)) expect(new RegExp(VISIBLE_TEXT_PATTERN, 'u').test(value)).toBe(false);
  });

  it.each([
    ['plain', 'spring sale', 'spring sale'],
    ['emoji (a surrogate pair)', '🎉 launch', '🎉 launch'],
    ['CJK', '春のセール', '春のセール'],
    ['Arabic', 'تخفيضات', 'تخفيضات'],
    ['trimmed', '  campaign \n', 'campaign'],
    ['NFD becomes NFC', 'Cafe\u0301', 'Caf\u00e9'],
  ])('%s is accepted', (_label, value, parsed) => {
    expect(text.parse(value)).toBe(parsed);
  });

  it('counts characters (code points), after trimming', () => {
    expect(text.safeParse('🎉'.repeat(64)).success).toBe(true);
    expect(text.safeParse('🎉'.repeat(65)).success).toBe(false);
    expect(text.safeParse(` ${'x'.repeat(64)} `).success).toBe(true);
    expect(details(text.safeParse('   '))).toEqual([{ path: '(body)', message: 'must not be empty' }]);
    expect(details(text.safeParse('x'.repeat(65)))).toEqual([{ path: '(body)', message: 'must be at most 64 characters' }]);
  });

  it('applies to tags, tag renames and key names alike', () => {
    expect(tagsSchema.safeParse(['ok', 'bad\u202e']).success).toBe(false);
    expect(updateTagSchema.safeParse({ name: 'x\u200b' }).success).toBe(false);
    expect(createKeySchema.safeParse({ name: 'ci\u0000' }).success).toBe(false);
    expect(createKeySchema.parse({ name: ' laptop ' })).toEqual({ name: 'laptop' });
  });
});

describe('the spelled-out character classes', () => {
  it('are exactly the code points of Cc, Cf, Co and Cs as the engine knows them', () => {
    const engine = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}]/u;
    const listed = (cp: number) => HIDDEN_RANGES.some(([a, b]) => cp >= a && cp <= b);
    const differ: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) if (engine.test(String.fromCodePoint(cp)) !== listed(cp)) differ.push(cp.toString(16));
    expect(differ, 'update HIDDEN_RANGES to the Unicode version of this engine').toEqual([]);
  });
  it('make the documented pattern refuse exactly what trimming leaves empty or hidden', () => {
    const pattern = new RegExp(VISIBLE_TEXT_PATTERN, 'u');
    for (let cp = 0; cp <= 0xffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue; // not in Unicode text; left out of the documented pattern
      const c = String.fromCharCode(cp);
      const ok = c.trim() !== '' && !/[\p{Cc}\p{Cf}\p{Co}\p{Cs}]/u.test(c);
      if (pattern.test(c) !== ok) expect.fail(`U+${cp.toString(16)}: pattern ${pattern.test(c)}, rule ${ok}`);
      if (pattern.test(`a${c}b`) !== !/[\p{Cc}\p{Cf}\p{Co}\p{Cs}]/u.test(c)) expect.fail(`inner U+${cp.toString(16)}`);
    }
    expect(pattern.test('a\u{E0001}')).toBe(false);
    expect(pattern.test('🎉 launch')).toBe(true);
  });
});

describe('tags are NFC-normalised', () => {
  it('collapse NFD and NFC spellings of one name (case-insensitively) to the first', () => {
    expect(tagsSchema.parse(['Cafe\u0301', 'caf\u00e9', 'CAFE\u0301'])).toEqual(['Caf\u00e9']);
  });
  it('have one key for every canonically equal spelling', () => {
    expect(tagKey('Cafe\u0301')).toBe(tagKey('CAF\u00c9'));
    expect(tagKey(' Caf\u00e9 ')).toBe('caf\u00e9');
  });
});

describe('object keys', () => {
  it.each(['__proto__', 'constructor', 'prototype'])('geo_targeting refuses %j by name', (key) => {
    const r = createLinkSchema.safeParse(
      JSON.parse(`{"destination": "https://a.test", "geo_targeting": {"${key}": "https://b.test", "DE": "https://c.test"}}`),
    );
    expect(details(r)).toEqual([{ path: `geo_targeting.${key}`, message: 'is a reserved name and cannot be used as a key' }]);
  });
  it('names every unknown country key, and a bad URL under a good one, at once', () => {
    const r = updateLinkSchema.safeParse({ geo_targeting: { XK: 'https://a.test', de: 'https://a.test', US: 'ftp://x' } });
    expect(details(r).map((d) => d.path)).toEqual(expect.arrayContaining(['geo_targeting.XK', 'geo_targeting.de', 'geo_targeting.US']));
  });
  it('keeps valid maps as they are, and null as none', () => {
    expect(geoTargetingSchema.parse({ DE: 'https://a.de', FR: 'https://a.fr' })).toEqual({ DE: 'https://a.de', FR: 'https://a.fr' });
    expect(geoTargetingSchema.parse(null)).toEqual({});
  });
});

describe('URL maps with a fixed set of keys (geo_targeting now, device_targeting later)', () => {
  const devices = urlMapSchema(['ios', 'android'], 'must be ios or android');
  it.each([
    ['{"ios": "https://apps.example/ios"}', []],
    ['{"web": "https://a.test"}', [{ path: 'web', message: 'must be ios or android' }]],
    ['{"__proto__": "https://a.test"}', [{ path: '__proto__', message: 'is a reserved name and cannot be used as a key' }]],
    ['{"prototype": "https://a.test"}', [{ path: 'prototype', message: 'is a reserved name and cannot be used as a key' }]],
    ['{"android": "ftp://x"}', [{ path: 'android', message: 'must be an absolute http or https URL (ftp: is refused)' }]],
    ['{"ios": 1}', [{ path: 'ios', message: 'must be a string' }]],
    ['[]', [{ path: '(body)', message: 'must be an object' }]],
  ])('%s', (json, expected) => {
    expect(details(devices.safeParse(JSON.parse(json)))).toEqual(expected);
  });
  it('is documented as one optional URL property per key, and nothing else', () => {
    expect(devices.meta()).toMatchObject({ type: 'object', additionalProperties: false, properties: { ios: { type: 'string', format: 'iri' } } });
    expect(Object.keys(devices.meta()!.properties as object)).toEqual(['ios', 'android']);
  });
});

describe('reserved first alias segments', () => {
  it.each(['graphiql', 'auth', 'assets', 'mcp', 'MCP/tools', 'GraphiQL/x', 'Auth/sign-in', 'assets/app.js'])('%j is refused', (alias) => {
    expect(aliasProblems(alias)).toEqual([`"${alias.split('/')[0]}" is reserved by the service`]);
  });
  it.each(['graphiqlx', 'authors', 'my/assets'])('%j is allowed', (alias) => {
    expect(aliasProblems(alias)).toEqual([]);
  });
});

describe('messages are human sentences, never zod defaults', () => {
  it.each([
    ['a missing destination', createLinkSchema, {}, { path: 'destination', message: 'is required' }],
    ['a number as destination', createLinkSchema, { destination: 5 }, { path: 'destination', message: 'must be a string' }],
    ['a string as tags', createLinkSchema, { destination: 'https://a.test', tags: 'x' }, { path: 'tags', message: 'must be an array' }],
    ['a non-URL destination', createLinkSchema, { destination: 'example.com' }, { path: 'destination', message: 'must be an absolute http or https URL' }],
    [
      'an ftp destination',
      createLinkSchema,
      { destination: 'ftp://a.test' },
      { path: 'destination', message: 'must be an absolute http or https URL (ftp: is refused)' },
    ],
    ['an unknown field', createLinkSchema, { destination: 'https://a.test', color: 1 }, { path: 'color', message: 'is not a known field' }],
    [
      '26 tags',
      createLinkSchema,
      { destination: 'https://a.test', tags: Array.from({ length: 26 }, (_, i) => `t${i}`) },
      { path: 'tags', message: 'must have at most 25 tags' },
    ],
    ['geo as a list', updateLinkSchema, { geo_targeting: [] }, { path: 'geo_targeting', message: 'must be an object' }],
    ['limit 0', listLinksSchema, { limit: '0' }, { path: 'limit', message: 'must be at least 1' }],
    ['limit "x"', listLinksSchema, { limit: 'x' }, { path: 'limit', message: 'must be a whole number' }],
    ['limit 1.5', listLinksSchema, { limit: 1.5 }, { path: 'limit', message: 'must be a whole number' }],
    ['a non-date', statsQuerySchema, { from: '2026-02-30' }, { path: 'from', message: 'must be an ISO date (YYYY-MM-DD) that exists' }],
    ['from after to', statsQuerySchema, { from: '2026-03-02', to: '2026-03-01' }, { path: 'from', message: 'must not be after "to"' }],
    [
      'an analytics bound whose + became a space in the query string',
      analyticsRestQuerySchema,
      { from: '2026-11-28T09:00:00 01:00' },
      { path: 'from', message: 'must be an ISO date (YYYY-MM-DD) or date-time with an offset; a + in a query string reads as a space: write it as %2B' },
    ],
    [
      'an analytics bound that is no date',
      analyticsRestQuerySchema,
      { to: 'yesterday' },
      { path: 'to', message: 'must be an ISO date (YYYY-MM-DD) or date-time with an offset' },
    ],
    ['a number as key name', createKeySchema, { name: 5 }, { path: 'name', message: 'must be a string' }],
  ])('%s', (_label, schema, input, expected) => {
    const found = details((schema as z.ZodType).safeParse(input));
    expect(found).toContainEqual(expected);
    for (const d of found) expect(d.message).not.toMatch(/Invalid input|expected \w+, received|Unrecognized key/);
  });
});

describe('documented patterns agree with the rules', () => {
  const matches = (pattern: string, v: string) => new RegExp(pattern, 'u').test(v);

  it.each([
    ['spring', true],
    ['a/b.c~d_e-f', true],
    ['x'.repeat(128), true],
    ['graphql', false],
    ['GRAPHQL/x', false],
    ['graphqlx', true],
    ['.well-known/x', false],
    ['.', false],
    ['a/..', false],
    ['a/.b', true],
    ['a//b', false],
    ['/a', false],
    ['ä', false],
  ])('alias %j matches: %s (and the rule agrees)', (alias, ok) => {
    expect(matches(ALIAS_PATTERN, alias)).toBe(ok);
    if (alias.length <= 128) expect(aliasProblems(alias).length === 0).toBe(ok);
  });

  it.each([
    ['go.example.com', true],
    ['Go.Example.COM', true],
    ['localhost', true],
    ['localhost:8080', true],
    ['127.0.0.1:65535', true],
    ['a-b.c0', true],
    ['example.com:8080', false],
    ['localhost:0', false],
    ['localhost:65536', false],
    ['xn--a.com', false],
    ['1.2.3.4', false],
    ['a.1', false],
    ['-a.com', false],
    ['a_b.com', false],
    ['a..b', false],
  ])('host %j matches: %s', (host, ok) => {
    expect(matches(HOST_PATTERN, host)).toBe(ok);
    if (ok) expect(normalizeHost(host)).toHaveProperty('host');
  });

  it.each([
    ['go.example.com', true],
    ['Go.Example.COM', true],
    ['a-b.c0', true],
    ['intranet', true],
    ['localhost', false],
    ['LOCALHOST', false],
    ['links.localhost', false],
    ['localhost.localdomain', false],
    ['ip6-loopback', false],
    ['localhost.example.com', true],
    ['localhost:8080', false],
    ['127.0.0.1:8080', false],
    ['0', false],
    ['999', false],
    ['2130706433', false],
    ['0x7f000001', false],
    ['0x7f.1', false],
    ['127.1', false],
    ['1.2.3.4', false],
    ['example.com.', false],
  ])('custom domain %j matches: %s (and the rule agrees)', (host, ok) => {
    expect(matches(CUSTOM_DOMAIN_PATTERN, host)).toBe(ok);
    const n = normalizeHost(host);
    expect('host' in n && customDomainProblems(n.host).length === 0).toBe(ok);
  });

  it.each([
    ['https://example.com', true],
    ['HTTP://EXAMPLE.COM/A?b=c#d', true],
    ['http://127.0.0.1:8080/x', true],
    ['https://a.b-c.de:443/%zz/ü?x=[1]', true],
    ['https://localhost', true],
    ['ftp://example.com', false],
    ['https://', false],
    ['https://a b.com', false],
    ['https://example.com/a b', false],
    ['https://1.2.3.4.5/', false],
    ['https://a.1/', false],
    ['https://999.1.1.1/', false],
    ['https://a:99999/', false],
    ['https://xn--a.com/', false],
  ])('URL %j matches: %s', (url, ok) => {
    expect(matches(HTTP_URL_PATTERN, url)).toBe(ok);
    if (ok) expect(urlProblems(url)).toEqual([]);
  });
});
