import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Which addresses a webhook may never reach (docs/adr/0031): loopback, private (RFC 1918),
 * link-local (cloud metadata lives there), unique-local, CGNAT, multicast, unspecified, reserved and
 * documentation ranges, and IPv6 forms that embed an IPv4 address (mapped, NAT64).
 */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv6');
}

/** Host names of cloud metadata services, refused whatever they resolve to. */
const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data', 'instance-data.ec2.internal']);

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or IPv4-compatible IPv6 address, if any. */
function embeddedIpv4(ipv6: string): string | null {
  const m = /^::(?:ffff:(?:0:)?)?(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(ipv6);
  if (!m) return null;
  if (m[1]) return m[1];
  const hi = Number.parseInt(m[2]!, 16);
  const lo = Number.parseInt(m[3]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** Why an address may not be reached, or null when it may. */
export function blockedAddress(address: string): string | null {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4') ? `${address} is a loopback, private, link-local or reserved address` : null;
  if (family !== 6) return `${address} is not an IP address`;
  const v4 = embeddedIpv4(address);
  if (v4 !== null) return blockedAddress(v4) && `${address} is a loopback, private, link-local or reserved address`;
  return BLOCKED.check(address, 'ipv6') ? `${address} is a loopback, private, link-local, unique-local or reserved address` : null;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

export class TargetRefused extends Error {}

/** The host name resolves to nothing (now): no address to check or to connect to. */
export class TargetUnresolvable extends TargetRefused {}

/**
 * The addresses a webhook URL's host resolves to, every one of them allowed, or TargetRefused. The
 * URL parser has already normalised literal IPs (decimal, octal and hex IPv4 forms; IPv6 in brackets).
 * `allow` lets chosen private ranges through (the health checker's LSK_HEALTH_ALLOW_PRIVATE list).
 */
export async function resolveTarget(url: URL, opts: { allowPrivate: boolean; resolve?: Resolver; allow?: BlockList }): Promise<ResolvedAddress[]> {
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal !== 0) {
    addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  } else {
    if (!opts.allowPrivate && METADATA_HOSTS.has(host)) throw new TargetRefused(`${host} is a cloud metadata service`);
    try {
      addresses = await (opts.resolve ?? systemResolver)(host);
    } catch {
      throw new TargetUnresolvable(`${host} could not be resolved`);
    }
    if (addresses.length === 0) throw new TargetUnresolvable(`${host} could not be resolved`);
  }
  if (!opts.allowPrivate) {
    for (const a of addresses) {
      // Ranges the operator allows (LSK_HEALTH_ALLOW_PRIVATE=<CIDR list>) pass; metadata names never do.
      if (opts.allow?.check(a.address, a.family === 6 ? 'ipv6' : 'ipv4')) continue;
      const why = blockedAddress(a.address);
      if (why) throw new TargetRefused(literal === 0 ? `${host} resolves to ${why}` : why);
    }
  }
  return addresses;
}
