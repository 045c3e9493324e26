/**
 * Which source a referrer host belongs to (docs/adr/0214): the table's most specific pattern, else
 * the host is its own source (kind `other`); a visit without a referrer stays `(direct)`. Hosts are
 * compared lower-cased, without a port or a trailing dot, label by label: a pattern never matches
 * inside a label (`notgoogle.com`) or with more after it (`google.com.evil.net`).
 */
import { DIRECT } from '../click-fields.js';
import type { Source } from './kinds.js';
import { SOURCE_TABLE } from './table.js';

const exact = new Map<string, Source>();
const domains = new Map<string, Source>();
const brands = new Map<string, Source>();
for (const { name, kind, patterns } of SOURCE_TABLE) {
  for (const p of patterns) {
    const into = p.startsWith('*.') ? domains : p.endsWith('.*') ? brands : exact;
    const at = p.startsWith('*.') ? p.slice(2) : p.endsWith('.*') ? p.slice(0, -2) : p;
    if (into.has(at)) throw new Error(`referrer sources: ${p} is listed twice`);
    into.set(at, { name, kind });
  }
}

/** `com`, a country code top-level domain (every two-letter TLD is one), or `co.<cc>` / `com.<cc>`. */
const COUNTRY_DOMAIN = /^(?:com|(?:co\.|com\.)?[a-z]{2})$/;

/** The host as compared: lower case, no port, no trailing dot; null when it is no host name. */
export function normalHost(host: string): string | null {
  let h = host.trim().toLowerCase();
  const port = /:\d{1,5}$/.exec(h);
  if (port && !h.startsWith('[')) h = h.slice(0, port.index);
  if (h.endsWith('.')) h = h.slice(0, -1);
  return /^[a-z0-9_-]+(?:\.[a-z0-9_-]+)*$/.test(h) ? h : null;
}

function brandAt(domain: string): Source | undefined {
  const dot = domain.indexOf('.');
  if (dot <= 0) return undefined;
  const brand = brands.get(domain.slice(0, dot));
  return brand && COUNTRY_DOMAIN.test(domain.slice(dot + 1)) ? brand : undefined;
}

/** The named source of a recorded referrer host, or null when none claims it. */
export function namedSource(host: string): Source | null {
  const h = normalHost(host);
  if (!h) return null;
  const hit = exact.get(h);
  if (hit) return hit;
  // From the host itself up to its last two labels: the longest domain that is claimed wins.
  for (let at = h; at.includes('.'); at = at.slice(at.indexOf('.') + 1)) {
    const found = domains.get(at) ?? brandAt(at);
    if (found) return found;
  }
  return null;
}

/** The source a breakdown row of referrer host `host` counts under. */
export function sourceOf(host: string): Source {
  if (host === DIRECT) return { name: DIRECT, kind: 'direct' };
  return namedSource(host) ?? { name: host, kind: 'other' };
}
