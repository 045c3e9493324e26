import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { type CountryResponse, Reader } from 'maxmind';

/** Country of a client address; the seam between the redirect path and any IP database. */
export interface GeoLookup {
  country(ip: string): string | null;
  /** Load the data now rather than on the first lookup. */
  load(): unknown;
}

const require = createRequire(import.meta.url);

/**
 * IP -> country from an MMDB file shipped in an npm package (no download at run time): by default
 * @ip-location-db/geo-whois-asn-country-mmdb (CC0 / NRO data), IPv4 and IPv6 in one file, read once.
 */
export class MmdbGeo implements GeoLookup {
  private reader: Reader<CountryResponse> | undefined;

  constructor(private readonly path = require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb')) {}

  /** Read the database (the server does this at start; tools that never redirect never pay for it). */
  load(): this {
    this.reader ??= new Reader(readFileSync(this.path));
    return this;
  }

  country(ip: string): string | null {
    const addr = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
    if (isIP(addr) === 0) return null;
    // ip-location-db files carry `country_code`; MaxMind-style ones `country.iso_code`.
    const rec = this.load().reader!.get(addr) as (CountryResponse & { country_code?: string }) | null;
    const code = rec?.country_code ?? rec?.country?.iso_code;
    return typeof code === 'string' && /^[A-Z]{2}$/.test(code) ? code : null;
  }
}

/**
 * The client address: the socket peer, or, behind `trustProxy` proxies, the address that many hops
 * back in X-Forwarded-For (so a visitor cannot claim an address, and with it a country).
 */
export function clientAddress(remote: string | undefined, forwardedFor: string | string[] | undefined, trustProxy: number): string {
  const peer = remote ?? '';
  if (trustProxy <= 0 || !forwardedFor) return peer;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const chain = [...hops, peer];
  return chain[Math.max(0, chain.length - 1 - trustProxy)] ?? peer;
}

/** A two-letter country code from a trusted header, upper-cased; null for anything else. */
export function countryCode(v: string | string[] | undefined): string | null {
  if (typeof v !== 'string' || v.length !== 2) return null;
  const a = v.charCodeAt(0) | 32;
  const b = v.charCodeAt(1) | 32;
  return a >= 97 && a <= 122 && b >= 97 && b <= 122 ? v.toUpperCase() : null;
}
