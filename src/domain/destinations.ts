import { type ErrorDetail, LskError } from './errors.js';

/** A URL a link may send visitors to, and the field that holds it (`geo_targeting.DE`). */
export interface TargetUrl {
  path: string;
  url: string;
}

/** Which hosts may not be linked to (the blocklist); `blockedBy` answers the entry a host falls under. */
export interface BlockedHosts {
  blockedBy(host: string): string | null;
}

/** The target fields of a link, as the service reads and writes them (every one optional: an update's subset). */
export interface LinkTargetFields {
  destination?: string | null;
  geoTargeting?: Record<string, string> | null;
  deviceTargeting?: { ios?: string; android?: string } | null;
  expiredUrl?: string | null;
  /** Redirect rules: each answers its `to`. */
  rules?: readonly { to: string }[] | null;
  /** A/B variants: each answers its `url`. */
  variants?: readonly { url: string }[] | null;
}

/**
 * Every URL of a link's target fields, each named by its field. The one list the blocklist checks
 * on writes, the redirect checks on visits and the health checker requests.
 */
export function linkTargets(f: LinkTargetFields): TargetUrl[] {
  const out: TargetUrl[] = [];
  if (f.destination) out.push({ path: 'destination', url: f.destination });
  for (const [country, url] of Object.entries(f.geoTargeting ?? {})) out.push({ path: `geo_targeting.${country}`, url });
  for (const [device, url] of Object.entries(f.deviceTargeting ?? {})) if (url) out.push({ path: `device_targeting.${device}`, url });
  if (f.expiredUrl) out.push({ path: 'expired_url', url: f.expiredUrl });
  for (const [i, r] of (f.rules ?? []).entries()) out.push({ path: `rules.${i}.to`, url: r.to });
  for (const [i, v] of (f.variants ?? []).entries()) out.push({ path: `variants.${i}.url`, url: v.url });
  return out;
}

/** The host of an http(s) URL as the blocklist compares it (lower case, punycode, no brackets or trailing dot); null when there is none. */
export function hostOfUrl(url: string): string | null {
  try {
    const host = new URL(url).hostname;
    return host.replace(/^\[|\]$/g, '').replace(/\.$/, '') || null;
  } catch {
    return null;
  }
}

/** The blocklist entry that `url`'s host falls under, or null. */
export function blockedEntry(hosts: BlockedHosts, url: string): string | null {
  const host = hostOfUrl(url);
  return host === null ? null : hosts.blockedBy(host);
}

/** 422 destination_blocked naming every target on a blocked host; nothing when none is. */
export function assertNotBlocked(hosts: BlockedHosts, targets: Iterable<TargetUrl>): void {
  const details: ErrorDetail[] = [];
  for (const t of targets) {
    const entry = blockedEntry(hosts, t.url);
    if (entry !== null) details.push({ path: t.path, message: `is on a blocked host (${entry})` });
  }
  if (details.length === 0) return;
  const first = details[0]!;
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : '';
  throw new LskError('destination_blocked', `${first.path} ${first.message}${more}.`, { details });
}

/** What link writes ask before storing target URLs: 422 destination_blocked when one is on a blocked host. */
export interface DestinationPolicy {
  assertAllowed(targets: TargetUrl[]): Promise<void>;
}

/** A policy that allows every target (tests and tools that build services without a blocklist). */
export const ALLOW_ALL: DestinationPolicy = { assertAllowed: async () => undefined };
