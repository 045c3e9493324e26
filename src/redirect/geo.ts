import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import type * as Maxmind from 'maxmind';
import type { CityResponse, CountryResponse, Reader } from 'maxmind';
import { isVisitCountry } from '../domain/countries.js';
import { RandomEvictMap } from '../domain/random-evict-map.js';

/** Country of a client address; the seam between the redirect path and any IP database. */
export interface GeoLookup {
  country(ip: string): string | null;
  /** Load the data now rather than on the first lookup. */
  load(): unknown;
}

const require = createRequire(import.meta.url);

/** An MMDB file's reader; maxmind is loaded with the first database read (commands that never redirect never load it). */
function readMmdb<T extends CountryResponse | CityResponse>(path: string): Reader<T> {
  const { Reader: MmdbReader } = require('maxmind') as typeof Maxmind;
  return new MmdbReader<T>(readFileSync(path));
}

/**
 * IP -> country from an MMDB file shipped in an npm package (no download at run time): by default
 * @ip-location-db/geo-whois-asn-country-mmdb (CC0 / NRO data), IPv4 and IPv6 in one file, read once.
 */
export class MmdbGeo implements GeoLookup {
  private reader: Reader<CountryResponse> | undefined;

  constructor(private readonly path = require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb')) {}

  /** Read the database (the server does this at start; tools that never redirect never pay for it). */
  load(): this {
    this.reader ??= readMmdb(this.path);
    return this;
  }

  country(ip: string): string | null {
    const addr = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
    if (isIP(addr) === 0) return null;
    // ip-location-db files carry `country_code`; MaxMind-style ones `country.iso_code`.
    const rec = this.load().reader!.get(addr) as (CountryResponse & { country_code?: string }) | null;
    const code = rec?.country_code ?? rec?.country?.iso_code;
    return typeof code === 'string' && isVisitCountry(code) ? code : null;
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

/**
 * A country code from a trusted header, upper-cased; null for anything that names no country: CDNs
 * send codes of their own (Cloudflare XX for unknown and T1 for Tor), and IP registries EU and AP.
 */
export function countryCode(v: string | string[] | undefined): string | null {
  if (typeof v !== 'string' || v.length !== 2) return null;
  const code = v.toUpperCase();
  return isVisitCountry(code) ? code : null;
}

/** The client address of a request (clientAddress above), or `fallback` when it has none (a closed socket). */
export function requestAddress(req: IncomingMessage, trustProxy: number, fallback = ''): string {
  return clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], trustProxy) || fallback;
}

/** Region (ISO 3166-2) and city of a visit. */
export interface Place {
  region: string | null;
  city: string | null;
}

export const NOWHERE: Place = Object.freeze({ region: null, city: null });

/** Region and city of a client address; the seam between the redirect path and a city database. */
export interface CityLookup {
  place(ip: string): Place;
  load(): unknown;
}

const PLACES_CACHED = 10_000;

/**
 * IP -> region and city from an MMDB city database named by LSK_GEOIP_CITY_DB (MaxMind GeoLite2-City
 * format: `subdivisions[0].iso_code` with `country.iso_code`, `city.names.en`). Each address is
 * looked up once (a bounded memo), so a busy visitor costs one lookup in it.
 */
export class MmdbCity implements CityLookup {
  private reader: Reader<CityResponse> | undefined;
  private readonly memo = new RandomEvictMap<Place>(PLACES_CACHED);

  constructor(private readonly path: string) {}

  load(): this {
    this.reader ??= readMmdb(this.path);
    return this;
  }

  place(ip: string): Place {
    const hit = this.memo.get(ip);
    if (hit) return hit;
    const addr = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
    let place = NOWHERE;
    if (isIP(addr) !== 0) {
      const rec = this.load().reader!.get(addr);
      const country = rec?.country?.iso_code;
      const sub = rec?.subdivisions?.[0]?.iso_code;
      const city = rec?.city?.names?.en;
      place = Object.freeze({
        region: typeof country === 'string' && typeof sub === 'string' ? regionCode(country, sub) : null,
        city: typeof city === 'string' ? cityName(city) : null,
      });
    }
    this.memo.set(ip, place);
    return place;
  }
}

/** An ISO 3166-2 code from a country and a subdivision (`BE` or `DE-BE`), or null when it is not one. */
export function regionCode(country: string | null, sub: string): string | null {
  const s = sub.trim().toUpperCase();
  if (/^[A-Z]{2}-[A-Z0-9]{1,3}$/.test(s)) return s;
  if (country && /^[A-Z0-9]{1,3}$/.test(s)) return `${country}-${s}`;
  return null;
}

/**
 * A city name as recorded: no control characters (C0, DEL, C1), no bidi embeddings, overrides or
 * isolates (U+202A-202E, U+2066-2069, which would turn the text around it in a table or CSV), at
 * most 100 characters.
 */
export function cityName(v: string): string | null {
  const s = v
    .replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, '')
    .trim()
    .slice(0, 100);
  return s.length > 0 ? s : null;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A trusted header's text as its sender meant it. Node reads header bytes as Latin-1, so a CDN's
 * UTF-8 city (Cloudflare's `cf-ipcity: Zürich`) arrives as `ZÃ¼rich`: such bytes are read again as
 * UTF-8 when they are valid UTF-8. A percent-encoded value (Vercel's `x-vercel-ip-city: Z%C3%BCrich`)
 * is decoded when it decodes. Anything else is kept as it came.
 */
export function headerText(v: string): string {
  let s = v;
  if (/[\x80-\xff]/.test(s) && !/[^\x00-\xff]/.test(s)) {
    try {
      s = UTF8.decode(Buffer.from(s, 'latin1'));
    } catch {
      // Not UTF-8: Latin-1 text after all.
    }
  }
  if (/%[0-9A-Fa-f]{2}/.test(s)) {
    try {
      s = decodeURIComponent(s);
    } catch {
      // A stray % (not an escape): kept as it is.
    }
  }
  return s;
}

/** Region and city: the trusted headers when configured, else the city database, else unknown. */
export function placeOf(
  headers: IncomingHttpHeaders,
  country: string | null,
  names: { regionHeader?: string | undefined; cityHeader?: string | undefined },
  city: CityLookup | null | undefined,
  client: () => string,
): Place {
  const { regionHeader, cityHeader } = names;
  if (regionHeader || cityHeader) {
    const r = regionHeader ? headers[regionHeader] : undefined;
    const c = cityHeader ? headers[cityHeader] : undefined;
    return { region: typeof r === 'string' ? regionCode(country, r) : null, city: typeof c === 'string' ? cityName(headerText(c)) : null };
  }
  return city ? city.place(client()) : NOWHERE;
}
