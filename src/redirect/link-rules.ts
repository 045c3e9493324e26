import type { CachedLink } from './link-cache.js';

/** The device a User-Agent targets: iPhone, iPad and iPod are ios, Android is android. */
export function targetedDevice(userAgent: string | undefined): 'ios' | 'android' | null {
  if (userAgent === undefined) return null;
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios';
  if (userAgent.includes('Android')) return 'android';
  return null;
}

/** What a visit to a link gets, in the contract's order (steps 1 and 2; steps 3 to 5 are `target`). */
export type Decision = { kind: 'expired'; to: string | null } | { kind: 'password' } | { kind: 'go' };

export function decide(link: CachedLink, nowMs: number): Decision {
  if ((link.expiresAt !== null && link.expiresAt.getTime() <= nowMs) || (link.maxClicks !== null && link.clicks >= link.maxClicks)) {
    return { kind: 'expired', to: link.expiredUrl };
  }
  if (link.passwordHash !== null) return { kind: 'password' };
  return { kind: 'go' };
}

/** Steps 3 to 5: the device's target, else the country's, else the destination. */
export function target(link: CachedLink, userAgent: string | undefined, country: string | null): string {
  const device = targetedDevice(userAgent);
  const byDevice = device === null ? undefined : link.deviceTargeting[device];
  return byDevice ?? resolveTarget(link, country);
}

/** Steps 4 and 5: the geo-targeted URL of the visitor's country, else the destination. Pure. */
export function resolveTarget(link: { destination: string; geoTargeting: Record<string, string> }, country: string | null): string {
  if (country) {
    const target = link.geoTargeting[country];
    if (target) return target;
  }
  return link.destination;
}
