/** The rules of link fields, as plain functions: aliases, target URLs, host names, short URLs, tags. */
import { domainToASCII } from 'node:url';

/** Alias: 1..128 of A-Z a-z 0-9 - _ . ~ and `/` (no leading, trailing or double slash). */
export const ALIAS_MAX = 128;
const ALIAS_RE = /^[A-Za-z0-9\-_.~]+(?:\/[A-Za-z0-9\-_.~]+)*$/;
export const RESERVED_FIRST_SEGMENTS: ReadonlySet<string> = new Set([
  'v1',
  'graphql',
  'mcp',
  'docs',
  'healthz',
  'readyz',
  'metrics',
  'dashboard',
  '.well-known',
  'favicon.ico',
  'robots.txt',
  'graphiql',
  'auth',
  'assets',
  'report',
]);

/** A wildcard alias ends in `/*` (`help/*`): it answers every path below its prefix. */
export const isWildcard = (alias: string) => alias.endsWith('/*');

/**
 * Problems with an alias, as sentences; empty when it is valid. A wildcard (`help/*`) is valid when
 * its prefix is.
 */
export function aliasProblems(alias: string): string[] {
  if (alias.length < 1 || alias.length > ALIAS_MAX) return [`must be 1 to ${ALIAS_MAX} characters`];
  if (alias === '*') return ['a wildcard needs a prefix, e.g. help/*'];
  if (isWildcard(alias)) return aliasProblems(alias.slice(0, -2));
  if (!ALIAS_RE.test(alias)) {
    return ['may contain only A-Z a-z 0-9 - _ . ~ and single slashes between segments (and end in /* for a wildcard)'];
  }
  const segments = alias.split('/');
  // "." and ".." are rewritten by every URL parser, so such a link could never be reached.
  if (segments.some((s) => s === '.' || s === '..')) return ['segments "." and ".." are not allowed'];
  const first = segments[0]!.toLowerCase();
  if (RESERVED_FIRST_SEGMENTS.has(first)) return [`"${segments[0]}" is reserved by the service`];
  return [];
}

export const URL_MAX = 8192;

/** Problems with a target URL; empty when it is an absolute http(s) URL with a host. */
export function urlProblems(value: string): string[] {
  if (value.length > URL_MAX) return [`must be at most ${URL_MAX} characters`];
  // URL parsing silently strips tabs, newlines and surrounding spaces; refuse them instead, and the
  // C1 controls (U+0080-U+009F: NEL, CSI...), which terminals and some parsers act on.
  if (/[\u0000-\u0020\u007f-\u009f]/.test(value)) return ['must not contain spaces or control characters'];
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return ['must be an absolute http or https URL'];
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return [`must be an absolute http or https URL (${url.protocol} is refused)`];
  if (!url.hostname) return ['must be an absolute http or https URL with a host'];
  // A wildcard link's `{path}` may stand in the path, query or fragment, never before them.
  const place = value.indexOf('{path}');
  if (place >= 0 && !/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#{]*[/?#]/.test(value.slice(0, place + 1))) {
    return ['may hold {path} only in its path, query or fragment'];
  }
  return [];
}

const LABEL_RE = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1']);

export function isLoopbackHost(host: string): boolean {
  const name = host.replace(/:\d+$/, '');
  return LOOPBACK_HOSTS.has(name);
}

/**
 * Normalize a host name: lower-cased, IDN to punycode, a port only for localhost / 127.0.0.1.
 * Returns the normalized host or a problem sentence.
 */
export function normalizeHost(input: string): { host: string } | { problem: string } {
  const raw = input.trim().toLowerCase();
  if (raw.length === 0 || raw.length > 260) return { problem: 'must be a host name' };
  const m = /^([^:/?#@\s\\]+)(?::(\d{1,5}))?$/.exec(raw);
  if (!m) return { problem: 'must be a host name, without scheme or path' };
  const name = m[1]!;
  const port = m[2];
  const ascii = domainToASCII(name);
  if (!ascii || ascii.length > 253) return { problem: 'must be a valid host name' };
  const labels = ascii.split('.');
  if (!labels.every((l) => LABEL_RE.test(l))) return { problem: 'must be a valid host name' };
  if (port !== undefined) {
    const n = Number(port);
    if (!LOOPBACK_HOSTS.has(ascii)) return { problem: 'may have a port only when it is localhost' };
    if (n < 1 || n > 65535) return { problem: 'port must be 1 to 65535' };
    return { host: `${ascii}:${n}` };
  }
  return { host: ascii };
}

/** Names that resolve to the machine itself: localhost and any name below it (RFC 6761), and the usual aliases. */
const LOOPBACK_NAME_RE = /^(?:(?:[a-z0-9-]+\.)*localhost|localhost\.localdomain|ip6-localhost|ip6-loopback)$/;

/**
 * Problems with a normalized host as a tenant's custom domain: a loopback name or an IP literal in any
 * spelling is never one (`0`, `2130706433`, `0x7f.1` and `127.1` are IPv4 addresses to a URL parser:
 * a name whose last label starts with a digit is one, so the last label must start with a letter).
 */
export function customDomainProblems(host: string): string[] {
  const name = host.replace(/:\d+$/, '');
  if (LOOPBACK_NAME_RE.test(name)) return ['must not be a loopback name (localhost)'];
  const last = name.slice(name.lastIndexOf('.') + 1);
  if (!/^[a-z]/.test(last)) return ['must be a host name, not an IP address (its last label starts with a letter)'];
  return [];
}

export function shortUrl(domain: string, alias: string): string {
  return `${isLoopbackHost(domain) ? 'http' : 'https'}://${domain}/${alias}`;
}

export const TAG_MAX = 64;
export const TAGS_MAX = 25;
export const GEO_MAX = 250;

/** Trim tags (NFC-normalised) and collapse case-insensitive duplicates to the first spelling. */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const t of tags) {
    const name = t.trim().normalize('NFC');
    const key = tagKey(name);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}

/** The identity of a tag in its workspace: trimmed, case-folded, NFC (so "Café" in NFD and NFC is one tag). */
export function tagKey(name: string): string {
  return name.trim().normalize('NFC').toLowerCase().normalize('NFC');
}
