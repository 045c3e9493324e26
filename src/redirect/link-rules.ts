import { firstMatch } from './adapt/compile-rules.js';
import type { RandomSource } from './adapt/variants.js';
import type { VisitFacts } from './adapt/visit-facts.js';
import type { CachedLink } from './cached-link.js';

/** The device a User-Agent targets: iPhone, iPad and iPod are ios, Android is android. */
export function targetedDevice(userAgent: string | undefined): 'ios' | 'android' | null {
  if (userAgent === undefined) return null;
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios';
  if (userAgent.includes('Android')) return 'android';
  return null;
}

/** What a visit to a link gets, in the contract's order (steps 1 and 2; steps 3 to 6 are `target`). */
export type Decision = { kind: 'expired'; to: string | null } | { kind: 'password' } | { kind: 'go' };

const PASSWORD: Decision = Object.freeze({ kind: 'password' });
const GO: Decision = Object.freeze({ kind: 'go' });

export function decide(link: CachedLink, nowMs: number): Decision {
  if ((link.expiresAt !== null && link.expiresAt.getTime() <= nowMs) || (link.maxClicks !== null && link.clicks >= link.maxClicks)) {
    return { kind: 'expired', to: link.expiredUrl };
  }
  if (link.passwordHash !== null) return PASSWORD;
  return GO;
}

/** Step 6: the variant this visitor keeps (its lsk_v cookie), else a new draw (and its cookie). */
function variantOf(link: CachedLink, f: VisitFacts, random: RandomSource): string {
  const draw = link.variants!;
  let i = draw.kept(f.req.headers.cookie);
  if (i < 0) {
    i = draw.draw(random);
    f.cookie = draw.cookies[i]!;
  }
  f.variant = draw.variants[i]!.url;
  return draw.targets[i]!;
}

/**
 * Steps 3 to 6: the first rule that matches, else the device's target, else the country's, else a
 * variant, else the destination. Synchronous: the rules were compiled when the link was cached.
 */
export function target(link: CachedLink, f: VisitFacts, random: RandomSource): string {
  if (link.rules !== null) {
    const to = firstMatch(link.rules, f);
    if (to !== null) return to;
  }
  const targets = link.deviceTargeting;
  // Most links set no device targets: the User-Agent is read for them only when some are set.
  if (targets.ios !== undefined || targets.android !== undefined) {
    const device = targetedDevice(f.req.headers['user-agent']);
    const byDevice = device === null ? undefined : targets[device];
    if (byDevice !== undefined) return byDevice;
  }
  if (f.country !== null) {
    const byCountry = link.geoTargeting[f.country];
    if (byCountry !== undefined) return byCountry;
  }
  if (link.variants !== null) return variantOf(link, f, random);
  return link.destination;
}

/** Steps 4 and 5: the geo-targeted URL of the visitor's country, else the destination. Pure. */
export function resolveTarget(link: { destination: string; geoTargeting: Record<string, string> }, country: string | null): string {
  if (country) {
    const target = link.geoTargeting[country];
    if (target) return target;
  }
  return link.destination;
}
