/** Random inputs of the fuzz suite, reproducible from a seed: strings, URLs, JSON values and texts, link bodies, headers, paths. Not a test file. */

import { seeded } from '../support/seeded-random.js';

/** A seeded generator (mulberry32) with the helpers the fuzz suite draws with: the same sequence for the same seed. */
export function prng(seed: number) {
  const next = seeded(seed);
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
export type Rng = ReturnType<typeof prng>;

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];
export const TAG_POOL = ['a', 'B', 'fuzz', 'Fuzz', 'ünïcødé', 'space tag', '__proto__', 'constructor', 'toString', '日本', 'x/y', '100%'];
export const HOST_POOL = [
  'fz.example.com',
  'FZ.Example.com',
  'bücher.example',
  'xn--bcher-kva.example',
  'localhost',
  'a..b',
  'x.example.com:80',
  '-bad.example',
  'ok-2.example.org',
];
const SCHEMES = ['https://', 'http://', 'javascript:', 'data:', 'ftp://', 'HTTPS://', '', '//', 'mailto:', 'file:///'];

export function randomString(r: Rng, max = 24): string {
  const alphabets = [
    'abcdefghijklmnopqrstuvwxyz',
    'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~/',
    ' \t\n\r\u0000\u0007\u001f\u007f',
    '%?#&=+;:,@!$\'"()*[]{}<>\\|^`',
    'äöüßéèñçøåÆ日本語中文한국어العربيةעברית',
    '😀🎉🔥\u200b\u200d\ufeff\u202e',
  ];
  const n = r.int(max + 1);
  let s = '';
  for (let i = 0; i < n; i++) {
    const a = r.chance(0.7) ? alphabets[r.int(2)]! : r.pick(alphabets);
    s += [...a][r.int([...a].length)];
  }
  return s;
}

export function randomUrl(r: Rng): string {
  const host = r.pick(['example.com', 'ex.de', '127.0.0.1', '[::1]', 'xn--bcher-kva.example', 'bücher.example', '', 'a b.com', 'localhost:8080']);
  const path = r.chance(0.5) ? `/${encodeURIComponent(randomString(r, 10))}` : `/${randomString(r, 10)}`;
  const long = r.chance(0.03) ? 'x'.repeat(r.pick([8000, 8192, 8200, 20000])) : '';
  return `${r.pick(SCHEMES)}${host}${path}${long}`;
}

export function randomScalar(r: Rng): unknown {
  switch (r.int(12)) {
    case 0:
      return null;
    case 1:
      return r.chance(0.5);
    case 2:
      return r.int(1000) - 500;
    case 3:
      return r.pick([1e308, -1e308, 2 ** 53 + 1, 0.1, -0, 1e-320, 123456789012345680000]);
    case 4:
      return randomUrl(r);
    case 5:
      return r.pick(PROTO_KEYS);
    case 6:
      return r.pick(TAG_POOL);
    default:
      return randomString(r);
  }
}

export function randomValue(r: Rng, depth = 0): unknown {
  if (depth > 3 || r.chance(0.5)) return randomScalar(r);
  if (r.chance(0.5)) return Array.from({ length: r.int(5) }, () => randomValue(r, depth + 1));
  const o: Record<string, unknown> = {};
  for (let i = r.int(5); i > 0; i--)
    o[r.chance(0.2) ? r.pick(PROTO_KEYS) : r.chance(0.5) ? r.pick(['DE', 'US', 'us', 'XX', 'XK', 'FR', 'JP']) : randomString(r, 8)] = randomValue(r, depth + 1);
  return o;
}

/** A link-ish body: mostly the contract's fields with plausible or hostile values. */
export function randomLinkBody(r: Rng, allowTags: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (r.chance(0.8))
    body.destination = r.chance(0.6) ? `https://example.com/${encodeURIComponent(randomString(r, 8))}` : r.chance(0.7) ? randomUrl(r) : randomValue(r);
  if (r.chance(0.4))
    body.alias = r.chance(0.6) ? randomString(r, 12).replace(/[^A-Za-z0-9\-_.~/]/g, '') || 'z' : r.chance(0.3) ? r.pick(PROTO_KEYS) : randomValue(r);
  if (r.chance(0.2)) body.domain = r.chance(0.7) ? r.pick(HOST_POOL) : randomValue(r);
  if (r.chance(0.3)) {
    body.geo_targeting = r.chance(0.6)
      ? Object.fromEntries(
          Array.from({ length: r.int(4) }, () => [
            r.pick(['DE', 'US', 'FR', 'us', 'XX', 'XK', '__proto__', 'constructor', '']),
            r.chance(0.7) ? randomUrl(r) : randomValue(r),
          ]),
        )
      : randomValue(r);
  }
  if (allowTags && r.chance(0.3))
    body.tags = r.chance(0.7) ? Array.from({ length: r.int(4) }, () => (r.chance(0.8) ? r.pick(TAG_POOL) : randomScalar(r))) : randomValue(r);
  if (r.chance(0.1)) body[r.chance(0.5) ? r.pick(PROTO_KEYS) : randomString(r, 6)] = randomValue(r);
  return body;
}

/** JSON text, sometimes broken, deeply nested, huge or with a duplicated / prototype key. */
export function randomJsonText(r: Rng, value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  switch (r.int(20)) {
    case 0:
      return text.slice(0, r.int(text.length));
    case 1:
      return '['.repeat(r.pick([100, 1000, 5000])) + ']'.repeat(r.pick([0, 100, 1000, 5000]));
    case 2:
      return `{"destination":"https://example.com/","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}`;
    case 3:
      return `{"destination":"https://example.com/","destination":"javascript:alert(1)"}`;
    case 4:
      return r.pick([
        '',
        ' ',
        'null',
        '[]',
        '0',
        '"x"',
        'true',
        '{}',
        'NaN',
        '{"a":1e999999}',
        '{"a":123456789012345678901234567890}',
        '\ufeff{}',
        '{"a":"\\ud800"}',
      ]);
    case 5:
      return text.replace(/"/g, "'");
    default:
      return text;
  }
}

export function randomHeaders(r: Rng, key: string, withBody: boolean, _graphQL = false): Record<string, string> {
  const h: Record<string, string> = {};
  if (!r.chance(0.02)) h.authorization = `Bearer ${key}`;
  else if (r.chance(0.5)) h.authorization = r.pick(['Bearer', 'Bearer lsk_live_x', `Basic ${key}`, `Bearer ${key.slice(0, -3)}abc`, `bearer ${key}`]);
  if (withBody) {
    h['content-type'] = r.chance(0.85)
      ? r.pick(['application/json', 'application/json; charset=utf-8', 'application/merge-patch+json', 'APPLICATION/JSON'])
      : r.pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/jsonx', 'json', '*/*']);
  }
  if (r.chance(0.2)) {
    const accepts = ['application/json', 'text/html', '*/*', 'application/graphql-response+json', 'image/png', 'text/event-stream', 'multipart/mixed'];
    h.accept = r.pick(accepts);
  }
  if (r.chance(0.1)) h['x-request-id'] = r.pick(['abc', 'x'.repeat(100), 'bad id', 'trace-1.2:3', '']);
  if (r.chance(0.1)) h[`x-fuzz-${r.int(100)}`] = randomString(r, 20).replace(/[^\x20-\x7e]/g, '');
  if (r.chance(0.05)) h['x-forwarded-for'] = r.pick(['1.2.3.4', 'garbage', '::1, 10.0.0.1']);
  if (r.chance(0.05)) h['accept-encoding'] = r.pick(['gzip', 'br', 'identity;q=0', '*']);
  if (r.chance(0.03)) h['if-none-match'] = '"x"';
  return h;
}

export function randomPath(r: Rng, ids: string[]): string {
  const seg = () =>
    r.pick([
      'v1',
      'links',
      'tags',
      'domains',
      'keys',
      'workspace',
      'stats',
      'graphql',
      'healthz',
      'readyz',
      'metrics',
      'docs',
      'openapi.json',
      '.well-known',
      'jwks.json',
      'graphiql',
      encodeURIComponent(randomString(r, 10)),
      '%',
      '%ZZ',
      '..',
      '.',
      '',
      r.pick(ids.length ? ids : ['lnk_x']),
      '%2F',
      '%00',
      'x'.repeat(r.pick([1, 300, 5000])),
    ]);
  return (
    '/' +
    Array.from({ length: 1 + r.int(4) }, seg).join('/') +
    (r.chance(0.2) ? `?${encodeURIComponent(randomString(r, 6))}=${encodeURIComponent(randomString(r, 6))}` : '')
  );
}
