import { domainToASCII } from 'node:url';

/**
 * One line of a blocklist feed, in the formats public feeds are published in (docs/abuse.md):
 * - a host per line (`phish.example`, also `*.phish.example` and `.phish.example`);
 * - hosts files (`0.0.0.0 phish.example other.example`, any address first; `localhost` and the
 *   like are skipped);
 * - adblock-style domain rules (`||phish.example^`, options after `$` ignored; `@@` exceptions and
 *   rules with a path are skipped);
 * - dnsmasq (`address=/phish.example/0.0.0.0`, `server=/phish.example/`).
 * `#` starts a comment anywhere on a line, `!` a whole-line comment (adblock); `[Adblock Plus]`
 * headers are skipped. Every entry blocks the host and all of its subdomains.
 */
export type FeedLine = { kind: 'hosts'; hosts: string[] } | { kind: 'blank' } | { kind: 'skipped'; why: string };

const BLANK: FeedLine = { kind: 'blank' };

/** Names hosts files map to themselves; never entries. */
const LOCAL_NAMES = new Set([
  'localhost',
  'localhost.localdomain',
  'local',
  'broadcasthost',
  'ip6-localhost',
  'ip6-loopback',
  'ip6-localnet',
  'ip6-mcastprefix',
  'ip6-allnodes',
  'ip6-allrouters',
  'ip6-allhosts',
  '0.0.0.0',
]);

const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** A hosts file's first column: an IPv4 address, or an IPv6 one (`::`, `::1`, `fe80::1%lo0`). */
const ADDRESS = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*(?:%\w+)?)$/i;
/** Labels of feeds: letters, digits, hyphens and the underscores real feeds carry. */
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/** A feed's or an operator's host as stored: lower case, punycode, no trailing dot; null when it is not a host. */
export function blocklistHost(raw: string): string | null {
  let h = raw.trim().toLowerCase();
  if (h.startsWith('*.')) h = h.slice(2);
  else if (h.startsWith('.')) h = h.slice(1);
  if (h.endsWith('.')) h = h.slice(0, -1);
  if (h.length === 0 || h.length > 253) return null;
  if (IPV4.test(h)) return LOCAL_NAMES.has(h) ? null : h;
  if (!/^[\x00-\x7f]*$/.test(h)) {
    h = domainToASCII(h);
    if (h === '' || h.length > 253) return null;
  }
  if (LOCAL_NAMES.has(h)) return null;
  for (const label of h.split('.')) if (!LABEL.test(label)) return null;
  return h;
}

function hostsOf(candidates: string[], line: string): FeedLine {
  const hosts: string[] = [];
  for (const c of candidates) {
    const h = blocklistHost(c);
    if (h !== null) hosts.push(h);
  }
  if (hosts.length > 0) return { kind: 'hosts', hosts };
  return candidates.every((c) => LOCAL_NAMES.has(c.toLowerCase())) ? BLANK : { kind: 'skipped', why: `not a host name: ${line.slice(0, 80)}` };
}

export function parseFeedLine(raw: string): FeedLine {
  let line = raw;
  const hash = line.indexOf('#');
  if (hash >= 0) line = line.slice(0, hash);
  line = line.trim();
  if (line === '' || line.startsWith('!') || line.startsWith('[')) return BLANK;
  if (line.startsWith('@@')) return { kind: 'skipped', why: 'an exception rule' };
  if (line.startsWith('||')) {
    const m = /^\|\|([^/^$|*]+)\^?(?:\$.*)?$/.exec(line);
    return m ? hostsOf([m[1]!], line) : { kind: 'skipped', why: `not a domain rule: ${line.slice(0, 80)}` };
  }
  const dnsmasq = /^(?:address|server|local)=\/(.+?)\/[^/]*$/.exec(line);
  if (dnsmasq) return hostsOf(dnsmasq[1]!.split('/').filter(Boolean), line);
  if (line.includes('://')) return { kind: 'skipped', why: 'a URL, not a host (block its host instead)' };
  const fields = line.split(/\s+/);
  if (fields.length > 1) {
    if (!ADDRESS.test(fields[0]!)) return { kind: 'skipped', why: `not a host name: ${line.slice(0, 80)}` };
    return hostsOf(fields.slice(1), line);
  }
  return hostsOf(fields, line);
}
